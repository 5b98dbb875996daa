-- Compact seconds (issue 32): new seconds are written packed (packages/shared second-pack.ts,
-- version 2 of RunSecond in stored-json.ts) into "packed"; "data" and "generator" keep the JSON
-- of rows written before (version 1) and are set to NULL when the API's RunSecondPacker
-- converts a row. "span": the seconds a row holds (10 once LOADLINE_SECOND_DETAIL_DAYS has
-- coarsened an old run). SQL only restructures here (a nullable column, a column with a
-- constant default and dropping NOT NULL rewrite nothing, so this is instant on a table of any
-- size); the conversion itself needs the packer of packages/shared and runs in the API, in
-- batches, after start (docs/database.md "Compact seconds").

-- AlterTable
ALTER TABLE "RunSecond" ADD COLUMN     "packed" BYTEA,
ADD COLUMN     "span" INTEGER NOT NULL DEFAULT 1,
ALTER COLUMN "data" DROP NOT NULL;
