-- AlterTable
ALTER TABLE "ScheduleSlot" ADD COLUMN     "detail" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "ScheduleSlot_outcome_updatedAt_idx" ON "ScheduleSlot"("outcome", "updatedAt");
