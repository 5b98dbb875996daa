// `--only api`: how fast the API serves what people read most — run lists, a report, its
// series, a plan's trend, a comparison, a public report — with 1,000 finished runs in one plan
// and 100 concurrent clients per route, against GET /health measured the same way in the same
// run as the baseline.
//
// Seeding: one real run through the whole platform (runner, k6, ingest, finalization), then
// its rows (Run, RunSegment, RunSecond, ThresholdResult, RunFigure) copied 999 times in SQL with new ids
// and earlier timestamps. The copies are byte-identical to what ingest stored for the real
// run, so every read does the work it would do for 1,000 real runs, without 1,000 runs' wait.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BenchError, freeLoopbackPort, log } from './util.mjs';
import { runCommand } from './processes.mjs';
import { K6_BIN } from './k6.mjs';
import { runPlan } from './loadline.mjs';

const CLONES = 999;

/** Copies run `id` `count` times: new ids (`<id>-c<n>`), each a minute earlier than the last. */
async function cloneRun(db, id, count) {
  const shifted = (column) => `'${column}', to_jsonb(r."${column}" - make_interval(mins => g))`;
  await db.query(
    `INSERT INTO "Run" SELECT (jsonb_populate_record(NULL::"Run", to_jsonb(r) || jsonb_build_object('id', r.id || '-c' || g, 'idempotencyKey', NULL, ${shifted('createdAt')}, ${shifted('startedAt')}, ${shifted('finishedAt')}))).*
     FROM "Run" r, generate_series(1, $2::int) g WHERE r.id = $1`,
    [id, count],
  );
  for (const table of ['RunSegment', 'ThresholdResult']) {
    await db.query(
      `INSERT INTO "${table}" SELECT (jsonb_populate_record(NULL::"${table}", to_jsonb(x) || jsonb_build_object('id', x.id || '-c' || g, 'runId', x."runId" || '-c' || g))).*
       FROM "${table}" x, generate_series(1, $2::int) g WHERE x."runId" = $1`,
      [id, count],
    );
  }
  // The figures each run stores when it ends: what trends (and lists of runs) read.
  await db.query(
    `INSERT INTO "RunFigure" SELECT (jsonb_populate_record(NULL::"RunFigure", to_jsonb(x) || jsonb_build_object('runId', x."runId" || '-c' || g, 'createdAt', to_jsonb(x."createdAt" - make_interval(mins => g))))).*
     FROM "RunFigure" x, generate_series(1, $2::int) g WHERE x."runId" = $1`,
    [id, count],
  );
  await db.query(
    `INSERT INTO "RunSecond" SELECT (jsonb_populate_record(NULL::"RunSecond", to_jsonb(x) || jsonb_build_object('runId', x."runId" || '-c' || g))).*
     FROM "RunSecond" x, generate_series(1, $2::int) g WHERE x."runId" = $1`,
    [id, count],
  );
}

/** 100 VUs reading one URL as fast as the API answers, for `seconds`; k6's own summary. */
async function drive(url, headers, seconds, vus) {
  const workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-bench-api-'));
  try {
    const script = `import http from 'k6/http';
export const options = { vus: ${vus}, duration: '${seconds}s', discardResponseBodies: true };
const params = { headers: ${JSON.stringify(headers)}, timeout: '30s' };
export default function () { http.get(${JSON.stringify(url)}, params); }
`;
    await writeFile(path.join(workdir, 'script.js'), script);
    const summaryPath = path.join(workdir, 'summary.json');
    const result = await runCommand(
      K6_BIN,
      [
        'run',
        '--quiet',
        '--no-color',
        '--no-usage-report',
        `--address=127.0.0.1:${await freeLoopbackPort()}`,
        `--summary-export=${summaryPath}`,
        '--summary-trend-stats=med,p(95),p(99)',
        'script.js',
      ],
      { cwd: workdir, timeoutMs: (seconds + 60) * 1000, env: { HOME: workdir, K6_NO_USAGE_REPORT: 'true' } },
    );
    if (result.code !== 0) throw new BenchError(`k6 against ${url} exited ${result.code}: ${result.stderr.trim().split('\n').slice(-5).join('\n')}`);
    const { metrics } = JSON.parse(await readFile(summaryPath, 'utf8'));
    const duration = metrics.http_req_duration;
    const failed = metrics.http_req_failed?.value ?? metrics.http_req_failed?.rate ?? 0;
    return {
      requests: metrics.http_reqs.count,
      rps: metrics.http_reqs.rate,
      p50: duration.med,
      p95: duration['p(95)'],
      p99: duration['p(99)'],
      failedShare: failed,
      // What one answer weighs (headers included): what the API writes, and k6 reads, per request.
      bytesPerResponse: metrics.data_received.count / Math.max(1, metrics.http_reqs.count),
    };
  } finally {
    await rm(workdir, { recursive: true, force: true });
  }
}

export async function apiReads(ctx, okServer) {
  const { client, stack, options } = ctx;
  const seconds = options.quick ? 5 : 15;
  const vus = 100;
  const target = await client.post('/targets', { name: 'bench api reads', baseUrl: okServer.url });
  const plan = await client.post('/plans', {
    name: 'bench api reads',
    targetId: target.id,
    load: { executor: 'constant-arrival-rate', rate: 50, timeUnit: '1s', duration: '10s', preAllocatedVUs: 5 },
    requests: [{ name: 'Get', method: 'GET', path: '/' }],
    thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 500 }],
  });
  log('api: one real run to copy');
  const real = await runPlan(ctx, plan, { label: 'api-seed', timeoutMs: 180_000 });
  const started = Date.now();
  await cloneRun(stack.db, real.runId, CLONES);
  log(`api: ${CLONES} copies of run ${real.runId} stored in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const runs = await client.get(`/runs?planId=${plan.id}&limit=100`);
  if (runs.items.length < 100) throw new BenchError(`GET /runs?planId= lists ${runs.items.length} runs after seeding`);
  const other = `${real.runId}-c1`;
  const share = await client.post(`/runs/${real.runId}/shares`, {});

  const base = `${stack.baseUrl}/api/v1`;
  const auth = { authorization: `Bearer ${client.token}` };
  const routes = [
    ['GET /health (baseline)', `${base}/health`, {}],
    ['GET /runs?planId=&limit=100', `${base}/runs?planId=${plan.id}&limit=100`, auth],
    ['GET /runs/:id', `${base}/runs/${real.runId}`, auth],
    ['GET /runs/:id/series', `${base}/runs/${real.runId}/series`, auth],
    ['GET /plans/:id/trend', `${base}/plans/${plan.id}/trend`, auth],
    ['GET /comparisons', `${base}/comparisons?base=${other}&head=${real.runId}`, auth],
    ['GET /public/reports/:token', `${base}/public/reports/${share.token}`, {}],
  ];
  const results = [];
  for (const [name, url, headers] of routes) {
    log(`api: ${vus} clients on ${name} for ${seconds} s`);
    results.push({ name, ...(await drive(url, headers, seconds, vus)) });
  }
  const baseline = results[0];
  return {
    runs: CLONES + 1,
    vus,
    seconds,
    routes: results.map((route) => ({ ...route, rpsRatio: route.rps / baseline.rps, p95Ratio: route.p95 / baseline.p95 })),
  };
}
