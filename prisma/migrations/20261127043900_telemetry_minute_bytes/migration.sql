-- Telemetry minutes become bytes (version 2: packed, packages/shared telemetry/stored-pack.ts).
-- Rows written before keep their JSON text as its UTF-8 bytes: version 1, still read.
ALTER TABLE "RunTelemetryMinute" ALTER COLUMN "data" TYPE BYTEA USING convert_to("data", 'UTF8');
