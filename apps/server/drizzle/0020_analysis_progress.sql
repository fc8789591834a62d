-- How far an analysis is and since when its attempt runs, so the time left can be told: a
-- comparison's start (its progress was already kept), a library video's pose job's progress and start.
ALTER TABLE "comparisons" ADD COLUMN "analysis_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "pose_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "pose_started_at" timestamp with time zone;