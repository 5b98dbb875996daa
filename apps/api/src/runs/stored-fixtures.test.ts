import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STORED_JSON_VERSION, StoredJsonError, mergeSegmentsBySecond, toSeriesPoints } from '@loadline/shared';
import { decodeRun, decodeSecond, decodeSecondRows } from './run-rows.js';
import { toRunView } from './run-view.js';

/**
 * Rows stored by real runs of the k6 tests, kept per version of the stored JSON (captured with
 * LOADLINE_CAPTURE_STORED_FIXTURES, see test/stored-fixtures.ts): each must still decode and
 * render as the API showed it then. A schema change that would blank or break an old report
 * fails here, not in a user's browser.
 */
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'stored');
const fixtures = readdirSync(ROOT).flatMap((folder) =>
  readdirSync(path.join(ROOT, folder)).map((name) => ({ version: Number(folder.slice(1)), name, file: path.join(ROOT, folder, name) })),
);

const DATES = new Set(['createdAt', 'updatedAt', 'startedAt', 'finishedAt', 'deadlineAt', 'cancelRequestedAt']);
/** A row as PostgreSQL (through Prisma) hands it back: timestamps are Dates. */
const revive = (row: Record<string, unknown>): any =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, DATES.has(key) && typeof value === 'string' ? new Date(value) : value]));

function storedRun(fixture: any, patch: Record<string, unknown> = {}) {
  return {
    ...revive(fixture.run),
    planVersion: revive(fixture.planVersion),
    thresholds: fixture.thresholds.map(revive),
    runSegments: fixture.segments.map(revive),
    ...patch,
  };
}

const load = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));
/** A stored second of a fixture: packed ones were captured as base64 text. */
const secondRow = (row: any) => ({ ...row, packed: typeof row.packed === 'string' ? Buffer.from(row.packed, 'base64') : null });

describe('stored JSON of every version still renders', () => {
  it('keeps fixtures of every version this release reads', () => {
    for (let version = 1; version <= STORED_JSON_VERSION; version++)
      expect(fixtures.filter((fixture) => fixture.version === version).length).toBeGreaterThan(0);
  });

  for (const { version, name, file } of fixtures) {
    it(`v${version} ${name}: the run and its series read as the API showed them`, () => {
      const fixture = load(file);
      expect(fixture.run.jsonVersion).toBe(version);
      const view = JSON.parse(JSON.stringify(toRunView(decodeRun(storedRun(fixture)))));
      expect(view).toMatchObject({ ...fixture.view, queue: null });
      const points = toSeriesPoints(mergeSegmentsBySecond(decodeSecondRows(fixture.seconds.map((row: any) => secondRow(row)))));
      expect(JSON.parse(JSON.stringify(points))).toMatchObject(fixture.series.points);
    });
  }

  it('refuses a row that fits no version, naming the column, instead of showing it blank', () => {
    const fixture = load(fixtures[0]!.file);
    const broken = storedRun(fixture, { id: 'broken-run', summary: { overall: 'not a summary' } });
    expect(() => decodeRun(broken)).toThrow(StoredJsonError);
    expect(() => decodeRun(broken)).toThrow(/Run\.summary of broken-run \(version 1\) cannot be read: .*overall: Invalid input/);
    const future = storedRun(fixture, { id: 'future-run', jsonVersion: STORED_JSON_VERSION + 1 });
    expect(() => decodeRun(future)).toThrow(new RegExp(`no version ${STORED_JSON_VERSION + 1} \\(this release reads 1 to ${STORED_JSON_VERSION}\\)`));
    const second = fixture.seconds[0];
    expect(() => decodeSecond({ ...second, data: { ...second.data, v: 7 } })).toThrow(/RunSecond\.data .* no version 7/);
    expect(() => decodeSecond({ ...second, data: { ...second.data, requests: 'none' } })).toThrow(/RunSecond\.data .*requests/);
  });
});
