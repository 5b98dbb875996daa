// Storage per run-minute at 1, 10 and 50 request names (issue 32, "Compact seconds"): the same
// load (20 VUs against the "ok" server, as the overhead benchmark) spread over N request names,
// run through the platform. Its "RunSecond" rows are counted as stored (packed, version 2), and
// the same seconds once more as version 1 stored them (jsonb, with the generator in its own
// column) in a scratch table of the old shape: before and after on the same data, same run.
import { fmtBytes, fmtInt, log, sleep } from './util.mjs';
import { runPlan } from './loadline.mjs';

const NAME_COUNTS = [1, 10, 50];
const VUS = 20;
const SETTLE_MS = 2_000;
const OLD_TABLE = 'bench_json_second';

const align = (value, to) => Math.ceil(value / to) * to;

/** On-disk bytes of `rows` rows of a run whose tuples sum to `tupleBytes`: + line pointers and primary-key entries (see loadline.mjs storedFacts). */
function onDisk(runId, rows, tupleBytes) {
  const indexEntry = align(align(8 + 1 + Buffer.byteLength(runId), 4) + 8, 8) + 4;
  return tupleBytes + rows * (4 + indexEntry);
}

/** The run's seconds as version 1 stored them, in a table of version 1's shape: their bytes, and the summary read back from them. */
async function asOldForm(ctx, runId) {
  const { db } = ctx.stack;
  await db.query(
    `CREATE TABLE IF NOT EXISTS ${OLD_TABLE} ("tenantId" text NOT NULL, "runId" text NOT NULL, "segmentIndex" int NOT NULL, t int NOT NULL,
       data jsonb NOT NULL, generator jsonb, PRIMARY KEY ("runId", "segmentIndex", t))`,
  );
  const { rows } = await db.query(`SELECT "tenantId", "runId", "segmentIndex", t, data, generator, packed FROM "RunSecond" WHERE "runId" = $1`, [runId]);
  for (const row of rows) {
    for (const { sample, generator } of ctx.shared.decodeStoredSeconds(row, runId)) {
      await db.query(`INSERT INTO ${OLD_TABLE} VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb) ON CONFLICT DO NOTHING`, [
        row.tenantId,
        row.runId,
        row.segmentIndex,
        sample.t,
        JSON.stringify(sample),
        generator === null ? null : JSON.stringify(generator),
      ]);
    }
  }
  const [sizes] = (
    await db.query(`SELECT count(*)::int AS rows, coalesce(sum(pg_column_size(s.*)), 0)::bigint AS tuple_bytes FROM ${OLD_TABLE} s WHERE "runId" = $1`, [runId])
  ).rows;
  const { rows: json } = await db.query(`SELECT "segmentIndex", data, generator FROM ${OLD_TABLE} WHERE "runId" = $1 ORDER BY t, "segmentIndex"`, [runId]);
  const samples = ctx.shared
    .mergeSegmentsBySecond(
      json.map((row) => ({
        segmentIndex: row.segmentIndex,
        ...ctx.shared.decodeStoredSecond({ packed: null, data: row.data, generator: row.generator }, runId),
      })),
    )
    .map((second) => second.sample);
  return { bytes: onDisk(runId, sizes.rows, Number(sizes.tuple_bytes)), summary: ctx.shared.summarizeSeconds(samples) };
}

const PERCENTILES = ['p50', 'p90', 'p95', 'p99'];
/** Largest relative difference of p50..p99 between two summaries, over the run and every request name and scenario. */
function largestPercentileDifference(a, b) {
  const scopes = (summary) => [
    ['overall', summary.overall],
    ...summary.requests.map((r) => [`request ${r.name}`, r]),
    ...summary.scenarios.map((s) => [`scenario ${s.name}`, s]),
  ];
  const other = new Map(scopes(b));
  let largest = 0;
  for (const [scope, stats] of scopes(a)) {
    const against = other.get(scope);
    if (!stats.latency || !against?.latency) {
      if (stats.latency || against?.latency) return Number.POSITIVE_INFINITY;
      continue;
    }
    for (const p of PERCENTILES) largest = Math.max(largest, Math.abs(stats.latency[p] - against.latency[p]) / against.latency[p]);
  }
  return largest;
}

export async function storageByNames(ctx, okServer) {
  const seconds = ctx.options.storageSeconds;
  const target = await ctx.client.post('/targets', { name: 'bench storage', baseUrl: okServer.url });
  const runs = [];
  for (const names of NAME_COUNTS) {
    const plan = await ctx.client.post('/plans', {
      name: `bench storage ${names} names`,
      targetId: target.id,
      thresholds: [],
      load: { executor: 'constant-vus', vus: VUS, duration: `${seconds}s` },
      requests: Array.from({ length: names }, (_, i) => ({ name: `request-${String(i + 1).padStart(2, '0')}`, method: 'GET', path: '/' })),
    });
    log(`storage: ${names} request name(s), ${VUS} VUs, ${seconds} s`);
    const result = await runPlan({ ...ctx, serverPid: okServer.pid }, plan, { label: `storage-${names}`, timeoutMs: (seconds + 120) * 1000 });
    ctx.loadlineRuns.push(result);
    const { stored } = result;
    const minutes = stored.secondsSpan / 60;
    const old = await asOldForm(ctx, result.runId);
    const summary = result.run.summary;
    runs.push({
      names,
      runId: result.runId,
      requests: summary.overall.count,
      rps: summary.overall.rps,
      rows: stored.secondRows,
      secondsSpan: stored.secondsSpan,
      bytesPerMinute: stored.totalBytes / minutes,
      bytesPerNamePerMinute: stored.totalBytes / minutes / names,
      dataBytesPerRow: stored.dataBytes / stored.secondRows,
      jsonBytesPerMinute: old.bytes / minutes,
      jsonBytesPerNamePerMinute: old.bytes / minutes / names,
      ratio: old.bytes / stored.totalBytes,
      digestBytesPerMinute: stored.digestBytes === null ? null : stored.digestBytes / minutes,
      // The API's summary came from the packed seconds; this one from their JSON form.
      percentileDifference: largestPercentileDifference(summary, old.summary),
    });
    await sleep(SETTLE_MS);
  }
  await ctx.stack.db.query(`DROP TABLE IF EXISTS ${OLD_TABLE}`);
  return { vus: VUS, seconds, runs };
}

export function formatStorageByNames(result) {
  const lines = [
    `storage by request names (${result.vus} VUs, ${result.seconds} s per run; "RunSecond" rows as stored: tuple + line pointer + primary-key entry; JSON: the same seconds as version 1 stored them):`,
    '  names     req/s  rows  data B/row  packed/run-minute  per name   JSON/run-minute  per name   JSON/packed  digest/run-minute  percentiles packed vs JSON',
  ];
  for (const run of result.runs) {
    lines.push(
      `  ${String(run.names).padStart(5)}  ${fmtInt(Math.round(run.rps)).padStart(8)}  ${String(run.rows).padStart(4)}  ${fmtInt(Math.round(run.dataBytesPerRow)).padStart(10)}  ` +
        `${fmtBytes(run.bytesPerMinute).padStart(17)}  ${fmtBytes(run.bytesPerNamePerMinute).padStart(8)}  ${fmtBytes(run.jsonBytesPerMinute).padStart(16)}  ${fmtBytes(run.jsonBytesPerNamePerMinute).padStart(8)}  ` +
        `${run.ratio.toFixed(1).padStart(10)}x  ${fmtBytes(run.digestBytesPerMinute).padStart(17)}  ${run.percentileDifference === 0 ? 'identical' : `${(run.percentileDifference * 100).toFixed(3)} %`}`,
    );
  }
  return lines;
}

export function summarizeStorageByNames(result) {
  return [
    `  storage    per request name, run-minute ${result.runs.map((run) => `${run.names}: ${fmtBytes(run.bytesPerNamePerMinute)}`).join(', ')} (JSON before: ${result.runs.map((run) => fmtBytes(run.jsonBytesPerNamePerMinute)).join(', ')})`,
  ];
}
