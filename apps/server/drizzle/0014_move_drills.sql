-- "Drill this move" (issue 24): one row per drill of a library routine's move, practised in a loop with
-- live verdicts (nothing uploaded); the routine's progress sums them per move.
CREATE TABLE "move_drills" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reference_video_id" integer NOT NULL,
	"start_s" real NOT NULL,
	"end_s" real NOT NULL,
	"count_label" text NOT NULL,
	"passes_half" integer NOT NULL,
	"passes_full" integer NOT NULL,
	"best_streak_half" integer NOT NULL,
	"best_streak_full" integer NOT NULL,
	"mastered" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "move_drills_span" CHECK ("move_drills"."end_s" > "move_drills"."start_s" and "move_drills"."start_s" >= 0)
);
--> statement-breakpoint
ALTER TABLE "move_drills" ADD CONSTRAINT "move_drills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_drills" ADD CONSTRAINT "move_drills_reference_video_id_reference_videos_id_fk" FOREIGN KEY ("reference_video_id") REFERENCES "public"."reference_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "move_drills_user_video_idx" ON "move_drills" USING btree ("user_id","reference_video_id");