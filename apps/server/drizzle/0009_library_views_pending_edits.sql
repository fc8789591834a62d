CREATE TABLE "library_video_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "pending_edit" jsonb;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "edit_review_reason" text;--> statement-breakpoint
ALTER TABLE "library_video_views" ADD CONSTRAINT "library_video_views_video_id_reference_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."reference_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_video_views_unique" ON "library_video_views" USING btree ("video_id","viewer_key","day");