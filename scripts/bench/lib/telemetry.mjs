// Issue 28's budget for target telemetry, measured through the platform: a run with 3 scrape
// sources of 2,000 series each costs the runner at most 5 % of one core and adds at most 20 KB
// per run-minute to storage. Two runs of one load against the "ok" server, one without metric
// sources (the baseline) and one with 3 (loopback exporters the bench starts in a child
// process, so that their CPU is not the runner's); the runner's CPU of each, and what the
// second stored in "RunTelemetryMinute", read from PostgreSQL.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchError, REPO_ROOT, fmtBytes, fmtPct, fmtRatio, log, round } from './util.mjs';
import { logTail, startChild, stopChild } from './processes.mjs';
import { runPlan } from './loadline.mjs';

const EXPORTERS = path.join(REPO_ROOT, 'scripts', 'bench', 'servers', 'exporters.mjs');
export const TELEMETRY_LIMITS = { cpuShareOfOneCore: 0.05, bytesPerRunMinute: 20 * 1024 };
const SOURCES = 3;
const SERIES = 2_000;

async function startExporters() {
  const ports = [];
  let ready;
  const allListening = new Promise((resolve) => (ready = resolve));
  const entry = startChild('telemetry-exporters', process.execPath, [EXPORTERS, String(SOURCES), String(SERIES)], {
    onStdoutLine: (line) => {
      const match = /^listening 127\.0\.0\.1:(\d+)$/.exec(line.trim());
      if (match) ports.push(Number(match[1]));
      if (ports.length === SOURCES) ready();
    },
  });
  const started = await Promise.race([allListening.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
  if (!started) {
    await stopChild(entry);
    throw new BenchError(`the telemetry exporters did not start:\n${logTail(entry)}`);
  }
  return { ports, stop: () => stopChild(entry) };
}

const chunkBytes = (bytes) => (bytes > 2_000 ? Math.ceil(bytes / 1_996) * 64 : 0);

/**
 * Bytes the run's telemetry minutes take in PostgreSQL, counted as the load's "RunSecond" rows
 * are (loadline.mjs): each row as stored (pg_column_size of the whole row), its line pointer,
 * its primary-key entry ("runId", source, minute), and, for data moved out of line (a row
 * over ~2 KB), each TOAST chunk of up to 1,996 bytes with its tuple header, chunk id, number,
 * length word, line pointer and index entry (64 bytes). `version1`: the same rows with the
 * data as version-1 JSON text (the format before), stored in a temporary table so that
 * PostgreSQL compresses it as it compressed that column.
 */
async function storedTelemetry(db, shared, runId) {
  const { rows } = await db.query(
    `SELECT m.data,
            pg_column_size(m.*)::int AS tuple_bytes,
            pg_column_size(m.data)::int AS data_bytes,
            (8 + pg_column_size(m."runId") + pg_column_size(m.source) + 4 + 4)::int AS index_bytes
       FROM "RunTelemetryMinute" m WHERE m."runId" = $1 ORDER BY m.source, m.minute`,
    [runId],
  );
  await db.query('CREATE TEMPORARY TABLE bench_telemetry_v1 (i int, data text)');
  try {
    for (const [i, row] of rows.entries()) {
      await db.query('INSERT INTO bench_telemetry_v1 VALUES ($1, $2)', [i, JSON.stringify(shared.decodeStoredMinute(row.data))]);
    }
    const v1 = (await db.query('SELECT i, pg_column_size(data)::int AS bytes FROM bench_telemetry_v1')).rows;
    const v1Bytes = new Map(v1.map((row) => [row.i, row.bytes]));
    let totalBytes = 0;
    let version1 = 0;
    rows.forEach((row, i) => {
      const rest = row.tuple_bytes - row.data_bytes + 4 + row.index_bytes;
      totalBytes += rest + row.data_bytes + chunkBytes(row.data_bytes);
      version1 += rest + v1Bytes.get(i) + chunkBytes(v1Bytes.get(i));
    });
    return { rows: rows.length, totalBytes, version1 };
  } finally {
    await db.query('DROP TABLE bench_telemetry_v1');
  }
}

export async function telemetry(ctx, okServer) {
  const seconds = ctx.options.telemetrySeconds;
  const load = { executor: 'constant-arrival-rate', rate: 200, timeUnit: '1s', duration: `${seconds}s`, preAllocatedVUs: 10 };
  const exporters = await startExporters();
  try {
    const plain = await ctx.client.post('/targets', { name: 'bench telemetry (no sources)', baseUrl: okServer.url });
    const watched = await ctx.client.post('/targets', { name: 'bench telemetry (3 sources)', baseUrl: okServer.url });
    for (const [index, port] of exporters.ports.entries()) {
      await ctx.client.post(`/targets/${watched.id}/sources`, {
        kind: 'scrape',
        name: `service-${index + 1}`,
        url: `http://127.0.0.1:${port}/metrics`,
        presets: ['process', 'http'],
        selectors: ['http_requests_total'],
        cpuCores: 2,
      });
    }
    const plan = async (target, name) =>
      ctx.client.post('/plans', { name, targetId: target.id, load, requests: [{ name: 'Get', method: 'GET', path: '/' }], thresholds: [] });
    const runs = {};
    for (const [key, target] of [
      ['without', plain],
      ['with', watched],
    ]) {
      log(`telemetry: ${seconds} s at 200 req/s ${key} ${SOURCES} metric sources`);
      const result = await runPlan({ ...ctx, serverPid: okServer.pid }, await plan(target, `bench telemetry ${key} sources`), {
        label: `telemetry-${key}`,
        timeoutMs: (seconds + 120) * 1_000,
      });
      ctx.loadlineRuns.push(result);
      runs[key] = {
        runId: result.runId,
        wallSeconds: round(result.wallSeconds, 2),
        runnerCpuSeconds: result.cpu.runner,
        cpuShareOfOneCore: round(result.cpu.runner / result.wallSeconds, 4),
        cpu: result.cpu,
        loadBytesPerMinute: result.stored.secondsSpan ? (result.stored.totalBytes / result.stored.secondsSpan) * 60 : null,
      };
    }
    const view = await ctx.client.get(`/runs/${runs.with.runId}/telemetry`);
    const sources = view.sources.map((source) => ({
      source: source.source,
      seconds: source.t.length,
      failedSeconds: source.errors.length,
      keptSeries: source.series.length,
      firstError: source.errors[0] ? `${source.errors[0].code}: ${source.errors[0].message}` : null,
    }));
    if (!sources.length || sources.some((source) => source.seconds === 0))
      throw new BenchError(`telemetry: a source stored nothing: ${JSON.stringify(sources)}`);
    const shared = await import(pathToFileURL(path.join(REPO_ROOT, 'packages', 'shared', 'dist', 'index.js')).href);
    const stored = await storedTelemetry(ctx.stack.db, shared, runs.with.runId);
    const allSeconds = view.sources.flatMap((source) => source.t);
    const spanSeconds = Math.max(...allSeconds) - Math.min(...allSeconds) + 1;
    const bytesPerRunMinute = (stored.totalBytes / spanSeconds) * 60;
    const version1PerRunMinute = (stored.version1 / spanSeconds) * 60;
    const cpuCost = (runs.with.runnerCpuSeconds - runs.without.runnerCpuSeconds) / runs.with.wallSeconds;
    return {
      sources: SOURCES,
      seriesPerSource: SERIES,
      load,
      runs,
      perSource: sources,
      cpu: {
        withShare: runs.with.cpuShareOfOneCore,
        withoutShare: runs.without.cpuShareOfOneCore,
        telemetryShare: round(cpuCost, 4),
        ratio: runs.without.runnerCpuSeconds > 0 ? round(runs.with.runnerCpuSeconds / runs.without.runnerCpuSeconds, 3) : null,
        limit: TELEMETRY_LIMITS.cpuShareOfOneCore,
        within: cpuCost <= TELEMETRY_LIMITS.cpuShareOfOneCore,
      },
      storage: {
        rows: stored.rows,
        spanSeconds,
        totalBytes: stored.totalBytes,
        bytesPerRunMinute: Math.round(bytesPerRunMinute),
        version1BytesPerRunMinute: Math.round(version1PerRunMinute),
        ratioToVersion1: round(bytesPerRunMinute / version1PerRunMinute, 3),
        loadBytesPerRunMinute: runs.with.loadBytesPerMinute ? Math.round(runs.with.loadBytesPerMinute) : null,
        ratioToLoad: runs.with.loadBytesPerMinute ? round(bytesPerRunMinute / runs.with.loadBytesPerMinute, 3) : null,
        limit: TELEMETRY_LIMITS.bytesPerRunMinute,
        within: bytesPerRunMinute <= TELEMETRY_LIMITS.bytesPerRunMinute,
      },
    };
  } finally {
    await exporters.stop();
  }
}

const verdict = (within) => (within ? 'within' : 'OVER');

export function formatTelemetry(t) {
  const lines = [
    `telemetry: ${t.sources} scrape sources of ${t.seriesPerSource.toLocaleString('en-US')} series each (presets process + http, selector http_requests_total),`,
    `  one run without and one with them, ${t.load.rate} req/s for ${t.load.duration} against the "ok" server`,
    '  run              wall s   runner CPU s   share of one core',
  ];
  for (const [key, run] of Object.entries(t.runs)) {
    lines.push(
      `  ${`${key} sources`.padEnd(15)} ${String(run.wallSeconds).padStart(7)}  ${String(run.runnerCpuSeconds).padStart(13)}  ${fmtPct(run.cpuShareOfOneCore).padStart(18)}`,
    );
  }
  for (const source of t.perSource) {
    lines.push(
      `  ${source.source}: ${source.seconds} seconds stored, ${source.failedSeconds} failed, ${source.keptSeries} series kept${source.firstError ? ` (first failure: ${source.firstError})` : ''}`,
    );
  }
  const s = t.storage;
  lines.push(
    `  storage: ${s.rows} "RunTelemetryMinute" rows over ${s.spanSeconds} s of telemetry, ${fmtBytes(s.totalBytes)}; the same minutes as version-1 JSON: ${fmtBytes(s.version1BytesPerRunMinute)}/run-minute; ` +
      `the run's load results ("RunSecond"): ${fmtBytes(s.loadBytesPerRunMinute)}/run-minute`,
  );
  return lines;
}

export function summarizeTelemetry(t) {
  return [
    `  telemetry  runner CPU for 3 x 2,000 series ${fmtPct(t.cpu.telemetryShare)} of one core (limit ${fmtPct(t.cpu.limit, 0)}: ${verdict(t.cpu.within)}); runner CPU with / without sources ${fmtRatio(t.cpu.ratio)} (${fmtPct(t.cpu.withShare)} / ${fmtPct(t.cpu.withoutShare)})`,
    `             storage per run-minute          ${fmtBytes(t.storage.bytesPerRunMinute)} (limit ${fmtBytes(t.storage.limit)}: ${verdict(t.storage.within)}); / version-1 JSON ${fmtRatio(t.storage.ratioToVersion1)}; / the load's own seconds ${fmtRatio(t.storage.ratioToLoad)}`,
  ];
}
