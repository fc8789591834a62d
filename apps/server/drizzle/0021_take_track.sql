-- What became of a dance-along take's live poses (used, too sparse, unused), known before the full
-- analysis runs, so the page waiting on it and the result can say why the live score was an estimate.
ALTER TABLE "comparisons" ADD COLUMN "take_track" text;--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_take_track_valid" CHECK ("comparisons"."take_track" in ('used', 'sparse', 'unused'));