ALTER TABLE "comparisons" ALTER COLUMN "heartbeat_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "comparisons" ALTER COLUMN "heartbeat_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "pose_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "pose_attempts" integer DEFAULT 0 NOT NULL;