-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "baselineRule" TEXT,
ADD COLUMN     "baselineRunId" TEXT;

-- AlterTable
ALTER TABLE "ThresholdResult" ADD COLUMN     "relative" JSONB;

-- CreateTable
CREATE TABLE "PlanRegression" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "change" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlanRegression_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PlanRegression_tenantId_createdAt_idx" ON "PlanRegression"("tenantId", "createdAt");

-- AddForeignKey
ALTER TABLE "PlanRegression" ADD CONSTRAINT "PlanRegression_planId_fkey" FOREIGN KEY ("planId") REFERENCES "TestPlan"("id") ON DELETE CASCADE ON UPDATE CASCADE;
