-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "capacity" JSONB;

-- AlterTable
ALTER TABLE "RunSecond" ADD COLUMN     "generator" JSONB;
