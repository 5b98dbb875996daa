-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "startSpreadMs" INTEGER;

-- AlterTable
ALTER TABLE "RunSegment" ADD COLUMN     "health" JSONB;
