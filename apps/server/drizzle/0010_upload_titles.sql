-- Comparisons against an uploaded reference used to take the file's name as their title
-- ("sample_fb_0.mp4"); they now have none and the history says "Your upload". Clear the old file-name
-- titles (a practised part copied its parent's, so it is cleared with it); library titles stay.
UPDATE "comparisons" AS c
SET "reference_title" = NULL
FROM "videos" AS v
WHERE c."reference_upload_id" = v."id"
  AND c."reference_video_id" IS NULL
  AND c."reference_title" = v."original_name";
