// Issue 31's budget for test data sets, measured through the platform: a plan using a
// 1,000,000-row data set (a secret column among them) costs the runner at most 150 MB of
// memory for its segment, and k6 at most 5 % of its throughput, against the same plan without
// data. Alternating pairs of runs of one load against the "ok" server: one whose requests send
// two constant headers, one whose requests send the same headers filled from the set's row
// (unique, wrapping). Runner and k6 RSS are sampled every 250 ms during each run.
import { BenchError, fmtPct, fmtRatio, log, median, round } from './util.mjs';
import { runPlan } from './loadline.mjs';

export const DATA_SET_LIMITS = { rows: 1_000_000, runnerMb: 150, throughputLoss: 0.05 };
const SET = 'bench_users';

/** The CSV of the set: an id and a 32-character secret token per row (about 44 MB). */
function csvOf(rows) {
  const lines = ['id,token'];
  for (let i = 0; i < rows; i++) lines.push(`u${String(i).padStart(7, '0')},tok_${i.toString(36).padStart(28, 'x')}`);
  return `${lines.join('\n')}\n`;
}

async function upload(ctx, rows) {
  const response = await fetch(`${ctx.client.base}/api/v1/data-sets/${SET}?secret=token`, {
    method: 'PUT',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${ctx.client.token}` },
    body: csvOf(rows),
    signal: AbortSignal.timeout(300_000),
  });
  if (!response.ok) throw new BenchError(`uploading the ${rows}-row data set answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

const peak = (samples, key) => Math.max(0, ...samples.map((sample) => sample[key] ?? 0));
const mb = (bytes) => round(bytes / 2 ** 20, 1);

export async function dataSets(ctx, okServer) {
  const seconds = ctx.options.dataSeconds;
  const rows = DATA_SET_LIMITS.rows;
  log(`data sets: uploading ${rows.toLocaleString('en-US')} rows`);
  const uploadStarted = Date.now();
  await upload(ctx, rows);
  const uploadSeconds = round((Date.now() - uploadStarted) / 1000, 1);
  const target = await ctx.client.post('/targets', { name: 'bench data sets', baseUrl: okServer.url });
  const load = { executor: 'constant-vus', vus: 20, duration: `${seconds}s` };
  const plan = (name, headers, data) =>
    ctx.client.post('/plans', { name, targetId: target.id, load, requests: [{ name: 'Get', method: 'GET', path: '/', headers }], thresholds: [], data });
  const plans = {
    without: await plan('bench without data', { 'X-User': 'u0000000', 'X-Token': `tok_${'x'.repeat(28)}` }, []),
    with: await plan('bench with 1M rows', { 'X-User': `{{data.${SET}.id}}`, 'X-Token': `{{data.${SET}.token}}` }, [
      { set: SET, mode: 'unique', whenExhausted: 'wrap' },
    ]),
  };
  const pairs = [];
  for (let index = 0; index < Math.min(ctx.options.pairs, 3); index++) {
    const order = index % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
    const pair = { index: index + 1, order };
    for (const key of order) {
      log(`data sets: pair ${index + 1}, ${seconds} s of 20 VUs ${key} the data set`);
      const result = await runPlan({ ...ctx, serverPid: okServer.pid }, plans[key], {
        label: `data-${key}-${index + 1}`,
        timeoutMs: (seconds + 240) * 1_000,
        sampleEveryMs: 250,
      });
      ctx.loadlineRuns.push(result);
      pair[key] = {
        runId: result.runId,
        rps: result.run.summary.overall.rps,
        requests: result.run.summary.overall.count,
        runnerRssStartMb: mb(result.samples[0]?.runnerRss ?? 0),
        runnerRssPeakMb: mb(peak(result.samples, 'runnerRss')),
        k6RssPeakMb: mb(peak(result.samples, 'k6Rss')),
        apiRssPeakMb: mb(peak(result.samples, 'apiRss')),
        // CPU seconds over the run (post to report): who else took the 2 cores k6 shares.
        cpu: { k6: result.cpu.k6, api: result.cpu.api, runner: result.cpu.runner, server: result.cpu.server, other: result.cpu.other },
        data: result.run.manifest?.data ?? null,
      };
    }
    pair.throughputRatio = round(pair.with.rps / pair.without.rps, 4);
    pair.runnerCostMb = round(pair.with.runnerRssPeakMb - pair.without.runnerRssPeakMb, 1);
    pair.k6CostMb = round(pair.with.k6RssPeakMb - pair.without.k6RssPeakMb, 1);
    // What a segment costs its machine: the runner process and the k6 it drives.
    pair.segmentCostMb = round(pair.runnerCostMb + pair.k6CostMb, 1);
    pairs.push(pair);
  }
  const throughputRatio = median(pairs.map((pair) => pair.throughputRatio));
  const runnerCostMb = Math.max(...pairs.map((pair) => pair.runnerCostMb));
  const k6CostMb = Math.max(...pairs.map((pair) => pair.k6CostMb));
  const segmentCostMb = Math.max(...pairs.map((pair) => pair.segmentCostMb));
  return {
    rows,
    uploadSeconds,
    load,
    pairs,
    segment: { costMb: segmentCostMb, limitMb: DATA_SET_LIMITS.runnerMb, within: segmentCostMb <= DATA_SET_LIMITS.runnerMb },
    runner: { costMb: runnerCostMb },
    k6: { costMb: k6CostMb, peakMb: Math.max(...pairs.map((pair) => pair.with.k6RssPeakMb)) },
    throughput: { ratio: throughputRatio, limit: 1 - DATA_SET_LIMITS.throughputLoss, within: throughputRatio >= 1 - DATA_SET_LIMITS.throughputLoss },
  };
}

const verdict = (within) => (within ? 'within' : 'OVER');

export function formatDataSets(d) {
  const lines = [
    `data sets: ${d.rows.toLocaleString('en-US')} rows (id + a secret 32-character token; uploaded in ${d.uploadSeconds} s), ${d.load.vus} VUs for ${d.load.duration},`,
    '  one GET with two headers, constant or filled from the row (unique, wrap); peak RSS sampled every 250 ms',
    '  pair  run       req/s     requests  runner MiB (start -> peak)  k6 peak MiB  API peak MiB  CPU s: k6 / api / runner / server / other',
  ];
  for (const pair of d.pairs) {
    for (const key of pair.order) {
      const run = pair[key];
      lines.push(
        `  ${String(pair.index).padEnd(4)}  ${key.padEnd(8)} ${String(Math.round(run.rps)).padStart(6)}  ${String(run.requests).padStart(11)}  ${`${run.runnerRssStartMb} -> ${run.runnerRssPeakMb}`.padStart(26)}  ${String(run.k6RssPeakMb).padStart(11)}  ${String(run.apiRssPeakMb).padStart(12)}  ${[run.cpu.k6, run.cpu.api, run.cpu.runner, run.cpu.server, run.cpu.other].join(' / ')}`,
      );
    }
    lines.push(
      `        with / without: throughput ${fmtRatio(pair.throughputRatio)}, runner +${pair.runnerCostMb} MiB, k6 +${pair.k6CostMb} MiB, segment (both) +${pair.segmentCostMb} MiB`,
    );
  }
  return lines;
}

export function summarizeDataSets(d) {
  return [
    `  data sets  1M rows: memory per segment +${d.segment.costMb} MiB, runner and its k6 together (limit ${d.segment.limitMb}: ${verdict(d.segment.within)}); runner +${d.runner.costMb}, k6 +${d.k6.costMb} MiB (k6 peak ${d.k6.peakMb} MiB)`,
    `             k6 throughput with / without data ${fmtRatio(d.throughput.ratio)} (limit ${fmtPct(1 - d.throughput.limit, 0)} loss: ${verdict(d.throughput.within)})`,
  ];
}
