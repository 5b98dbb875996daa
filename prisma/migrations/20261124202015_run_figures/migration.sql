-- CreateTable
CREATE TABLE "RunFigure" (
    "runId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "stat" TEXT NOT NULL,
    "value" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RunFigure_pkey" PRIMARY KEY ("runId","request","stat")
);

-- CreateIndex
CREATE INDEX "RunFigure_planId_createdAt_idx" ON "RunFigure"("planId", "createdAt");

-- AddForeignKey
ALTER TABLE "RunFigure" ADD CONSTRAINT "RunFigure_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the figures of every run that already ended with a summary that measured requests
-- (the whole run as request '', then each request name), as RunsRepository.finalize writes them.
INSERT INTO "RunFigure" ("runId", "tenantId", "planId", "request", "stat", "value", "createdAt")
SELECT r."id", r."tenantId", r."planId", scope.name, figure.stat, figure.value, r."createdAt"
FROM "Run" r
CROSS JOIN LATERAL (
  SELECT '' AS name, r."summary"->'overall' AS stats
  UNION ALL
  SELECT request->>'name', request FROM jsonb_array_elements(r."summary"->'requests') AS request
) AS scope
CROSS JOIN LATERAL (VALUES
  ('count', (scope.stats->>'count')::double precision),
  ('rps', (scope.stats->>'rps')::double precision),
  ('errorRate', (scope.stats->>'errorRate')::double precision),
  ('p50', (scope.stats->'latency'->>'p50')::double precision),
  ('p95', (scope.stats->'latency'->>'p95')::double precision),
  ('p99', (scope.stats->'latency'->>'p99')::double precision)
) AS figure(stat, value)
WHERE r."summary" IS NOT NULL
  AND jsonb_typeof(r."summary"->'requests') = 'array'
  AND (r."summary"->'overall'->>'count')::double precision > 0
  AND r."status" IN ('PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED')
ON CONFLICT DO NOTHING;
