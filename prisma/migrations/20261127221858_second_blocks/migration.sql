-- Blocks of seconds (issue 32): once a run has finished, RunSecondPacker rewrites each
-- segment's seconds into rows of up to 60 (RunSecond.packed version 3, second-block-pack.ts);
-- "heldSeconds" says how many a row holds. A column with a constant default rewrites nothing.

-- AlterTable
ALTER TABLE "RunSecond" ADD COLUMN     "heldSeconds" INTEGER NOT NULL DEFAULT 1;
