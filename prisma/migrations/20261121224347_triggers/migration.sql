-- AlterTable
ALTER TABLE "Trigger" ADD COLUMN     "createdById" TEXT,
ADD COLUMN     "lastUsedAt" TIMESTAMP(3),
ADD COLUMN     "name" TEXT NOT NULL DEFAULT 'trigger';

-- AddForeignKey
ALTER TABLE "Trigger" ADD CONSTRAINT "Trigger_planId_fkey" FOREIGN KEY ("planId") REFERENCES "TestPlan"("id") ON DELETE CASCADE ON UPDATE CASCADE;
