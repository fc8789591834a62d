-- Whether the engine found the user's video shows the reference's routine (false: sameness
-- "not_same", the credit was given back, and the comparison counts in no statistic). Every
-- comparison stored before the decision existed counts as the same routine: the default fills them.
ALTER TABLE "comparisons" ADD COLUMN "same_routine" boolean DEFAULT true NOT NULL;
