-- Two facts the analysis job decides about a comparison, kept in columns (as same_routine is) instead
-- of inside the engine's result JSON, so the queries that total results filter on them directly:
-- whether the user's video is the reference's own recording, and which poses the result came from.
-- Results stored so far carry them as keys of the JSON: they move into the columns and leave it
-- (a result stored before either was checked keeps null).
ALTER TABLE "comparisons" ADD COLUMN "same_performance" boolean;--> statement-breakpoint
ALTER TABLE "comparisons" ADD COLUMN "pose_source" text;--> statement-breakpoint
UPDATE "comparisons"
SET "same_performance" = ("result" ->> 'same_performance')::boolean,
    "pose_source" = CASE WHEN "result" ->> 'pose_source' IN ('browser', 'server') THEN "result" ->> 'pose_source' END,
    "result" = "result" - 'same_performance' - 'pose_source'
WHERE "result" ? 'same_performance' OR "result" ? 'pose_source';--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_pose_source_valid" CHECK ("comparisons"."pose_source" in ('browser', 'server'));
