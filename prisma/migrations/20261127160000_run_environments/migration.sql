-- Environments: one plan run against several targets of its organization. Baselines are
-- kept per (plan, target); a pinned baseline so far was the plan's, against its run's target.
ALTER TABLE "PlanBaseline" ADD COLUMN "targetId" TEXT;
UPDATE "PlanBaseline" AS b SET "targetId" = r."targetId" FROM "Run" AS r WHERE r.id = b."runId";
ALTER TABLE "PlanBaseline" ALTER COLUMN "targetId" SET NOT NULL;
ALTER TABLE "PlanBaseline" DROP CONSTRAINT "PlanBaseline_pkey",
ADD CONSTRAINT "PlanBaseline_pkey" PRIMARY KEY ("planId", "targetId");

-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN     "targetId" TEXT;

-- AlterTable
ALTER TABLE "Trigger" ADD COLUMN     "targetId" TEXT;

-- CreateIndex
CREATE INDEX "Run_planId_targetId_createdAt_idx" ON "Run"("planId", "targetId", "createdAt");
