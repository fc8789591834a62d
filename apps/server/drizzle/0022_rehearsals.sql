-- Rehearsals: a group's rehearsal video with every dancer found and compared with the reference, the
-- credits it holds, and each dancer's result; a dancer the organiser names as a member links the
-- member's comparison made from it.
CREATE TABLE "rehearsal_dancers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rehearsal_id" integer NOT NULL,
	"dancer_id" integer NOT NULL,
	"x" real NOT NULL,
	"seen_share" real NOT NULL,
	"overall_score" real,
	"shape_score" real,
	"timing_score" real,
	"decision" text NOT NULL,
	"offset_s" real,
	"boxes" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"user_id" integer,
	"comparison_id" integer
);
--> statement-breakpoint
CREATE TABLE "rehearsals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer,
	"reference_video_id" integer,
	"reference_title" text NOT NULL,
	"activity_type" text NOT NULL,
	"video_key" text NOT NULL,
	"original_name" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_s" real,
	"width" integer,
	"height" integer,
	"thumbnail_key" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"dancer_count" integer,
	"sync_score" real,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"analysis_started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "rehearsals_credits_charged_valid" CHECK ("rehearsals"."credits_charged" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rehearsal_dancers" ADD CONSTRAINT "rehearsal_dancers_rehearsal_id_rehearsals_id_fk" FOREIGN KEY ("rehearsal_id") REFERENCES "public"."rehearsals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehearsal_dancers" ADD CONSTRAINT "rehearsal_dancers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehearsal_dancers" ADD CONSTRAINT "rehearsal_dancers_comparison_id_comparisons_id_fk" FOREIGN KEY ("comparison_id") REFERENCES "public"."comparisons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehearsals" ADD CONSTRAINT "rehearsals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehearsals" ADD CONSTRAINT "rehearsals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehearsals" ADD CONSTRAINT "rehearsals_reference_video_id_reference_videos_id_fk" FOREIGN KEY ("reference_video_id") REFERENCES "public"."reference_videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rehearsal_dancers_unique" ON "rehearsal_dancers" USING btree ("rehearsal_id","dancer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rehearsal_dancers_member_unique" ON "rehearsal_dancers" USING btree ("rehearsal_id","user_id");--> statement-breakpoint
CREATE INDEX "rehearsal_dancers_comparison_idx" ON "rehearsal_dancers" USING btree ("comparison_id");--> statement-breakpoint
CREATE INDEX "rehearsals_user_idx" ON "rehearsals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rehearsals_group_idx" ON "rehearsals" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "rehearsals_status_idx" ON "rehearsals" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "rehearsals_video_key_unique" ON "rehearsals" USING btree ("video_key");