-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "telemetry" JSONB;

-- CreateTable
CREATE TABLE "MetricSource" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "jsonVersion" INTEGER NOT NULL DEFAULT 1,
    "targetId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "authType" TEXT NOT NULL DEFAULT 'none',
    "credentials" TEXT,
    "presets" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "selectors" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "queries" JSONB NOT NULL DEFAULT '[]',
    "stepSeconds" INTEGER,
    "cpuCores" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MetricSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunTelemetrySource" (
    "runId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "jsonVersion" INTEGER NOT NULL DEFAULT 1,
    "kind" TEXT NOT NULL,
    "catalog" JSONB,
    "refused" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunTelemetrySource_pkey" PRIMARY KEY ("runId","source")
);

-- CreateTable
CREATE TABLE "RunTelemetryMinute" (
    "runId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "minute" INTEGER NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "RunTelemetryMinute_pkey" PRIMARY KEY ("runId","source","minute")
);

-- CreateIndex
CREATE INDEX "MetricSource_tenantId_idx" ON "MetricSource"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "MetricSource_targetId_name_key" ON "MetricSource"("targetId", "name");

-- AddForeignKey
ALTER TABLE "MetricSource" ADD CONSTRAINT "MetricSource_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "Target"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunTelemetrySource" ADD CONSTRAINT "RunTelemetrySource_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunTelemetryMinute" ADD CONSTRAINT "RunTelemetryMinute_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
