-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "labels" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "manifest" JSONB;

-- AlterTable
ALTER TABLE "RunSegment" ADD COLUMN     "runner" JSONB;

-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN     "labels" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "Trigger" ADD COLUMN     "labels" JSONB NOT NULL DEFAULT '{}';
