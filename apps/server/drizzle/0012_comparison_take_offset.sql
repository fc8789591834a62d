-- Dance along: where the reference's (or the practised part's) start plays in a take recorded in the
-- app while the reference played, seconds. Null for every other video, and for every comparison
-- stored before: those are analysed as before.
ALTER TABLE "comparisons" ADD COLUMN "take_offset_s" real;
