-- AlterTable
ALTER TABLE "PlanVersion" ADD COLUMN     "jsonVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "jsonVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "RunSegment" ADD COLUMN     "jsonVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "ThresholdResult" ADD COLUMN     "jsonVersion" INTEGER NOT NULL DEFAULT 1;
