import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { STORED_JSON_VERSION, type RunView } from '@loadline/shared';
import type { ApiClient } from './api-client.js';
import type { TestDatabase } from './database.js';

/**
 * Fixtures of stored rows for the stored-JSON test (runs/stored-fixtures.test.ts): with
 * LOADLINE_CAPTURE_STORED_FIXTURES=<folder>, every run a test waits for is written there as
 * it is stored (Run, its plan version, segments, threshold results, seconds: JSON columns as
 * PostgreSQL holds them) beside what the API showed of it (the run and its series). Captured
 * from real runs of the k6 tests; kept per version so every version keeps rendering.
 */
export const CAPTURE_FOLDER = process.env.LOADLINE_CAPTURE_STORED_FIXTURES;

const captured = new Map<string, number>();

export async function captureStoredFixture(db: TestDatabase, client: ApiClient, run: RunView, label: string): Promise<void> {
  if (!CAPTURE_FOLDER) return;
  const [row] = await db.query('SELECT * FROM "Run" WHERE id = $1', [run.id]);
  const [planVersion] = await db.query('SELECT * FROM "PlanVersion" WHERE id = $1', [row!.planVersionId]);
  const segments = await db.query('SELECT * FROM "RunSegment" WHERE "runId" = $1 ORDER BY index', [run.id]);
  const thresholds = await db.query('SELECT * FROM "ThresholdResult" WHERE "runId" = $1 ORDER BY position', [run.id]);
  // Packed seconds (bytea) as base64 text: runs/stored-fixtures.test.ts turns them back into bytes.
  const seconds = await db.query(
    `SELECT "runId", t, "segmentIndex", data, generator, encode(packed, 'base64') AS packed FROM "RunSecond" WHERE "runId" = $1 ORDER BY t, "segmentIndex"`,
    [run.id],
  );
  const view = (await client.get<RunView>(`/runs/${run.id}`)).body;
  const series = (await client.get<{ points: unknown[] }>(`/runs/${run.id}/series`)).body;
  const n = (captured.get(label) ?? 0) + 1;
  captured.set(label, n);
  const folder = path.join(CAPTURE_FOLDER, `v${STORED_JSON_VERSION}`);
  mkdirSync(folder, { recursive: true });
  const fixture = { capturedFrom: label, jsonVersion: STORED_JSON_VERSION, run: row, planVersion, segments, thresholds, seconds, view, series };
  writeFileSync(path.join(folder, `${label}-${n}.json`), `${JSON.stringify(fixture, null, 1)}\n`);
}
