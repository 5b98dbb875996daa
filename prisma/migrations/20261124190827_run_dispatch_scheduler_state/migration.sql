-- CreateTable
CREATE TABLE "SchedulerState" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "lastTickAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SchedulerState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunDispatch" (
    "runId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "record" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunDispatch_pkey" PRIMARY KEY ("runId")
);

-- AddForeignKey
ALTER TABLE "RunDispatch" ADD CONSTRAINT "RunDispatch_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
