-- AlterTable
ALTER TABLE "ThresholdResult" ADD COLUMN     "scenario" TEXT,
ADD COLUMN     "status" TEXT;
