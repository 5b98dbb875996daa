-- CreateTable
CREATE TABLE "RunDigest" (
    "runId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "jsonVersion" INTEGER NOT NULL DEFAULT 1,
    "key" TEXT NOT NULL,
    "series" BYTEA NOT NULL,
    "seconds" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunDigest_pkey" PRIMARY KEY ("runId")
);

-- AddForeignKey
ALTER TABLE "RunDigest" ADD CONSTRAINT "RunDigest_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
