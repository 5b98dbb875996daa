-- CreateTable
CREATE TABLE "PlanBaseline" (
    "planId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "pinnedById" TEXT,
    "pinnedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlanBaseline_pkey" PRIMARY KEY ("planId")
);

-- AddForeignKey
ALTER TABLE "PlanBaseline" ADD CONSTRAINT "PlanBaseline_planId_fkey" FOREIGN KEY ("planId") REFERENCES "TestPlan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlanBaseline" ADD CONSTRAINT "PlanBaseline_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
