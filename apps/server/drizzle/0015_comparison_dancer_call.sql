-- The dancer's call: a result the engine refused as another routine whose owner said it is this
-- routine ("analyse it anyway", one more credit); analysed again as the routine. Every comparison
-- stored before was nobody's call.
ALTER TABLE "comparisons" ADD COLUMN "dancer_call" boolean DEFAULT false NOT NULL;
