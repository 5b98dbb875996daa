// `--only live`: what people watching runs live cost the API and PostgreSQL.
//
// One run sends load (20 req/s, long enough for the three windows) while a second run of another plan waits in line
// behind it (the stack has one runner), so one run has a new second every second and the other
// has nothing new. Three windows, each `seconds` long: nobody watching (what ingest itself
// costs), `viewers` SSE streams on the running run, the same number on the waiting run. For
// each: PostgreSQL transactions per second in the bench database (every statement the API
// sends outside a transaction is one; from pg_stat_database), the API's CPU, and the events
// each viewer received. Per viewer = (window - nobody) / viewers.
import { BenchError, cpuSeconds, log, round, sleep } from './util.mjs';

// PostgreSQL may count an idle backend's statements up to 10 s late (its statistics flush), so
// each window starts 12 s after its viewers connected: their connecting reads fall before it.
const SETTLE_MS = 12_000;

async function transactions(db) {
  await db.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await db.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

/** `count` SSE streams on the run, each counting the events it receives; `close()` ends them. */
function watch(base, token, runId, count) {
  const controller = new AbortController();
  const viewers = Array.from({ length: count }, () => ({ events: 0, bytes: 0, error: null }));
  const streams = viewers.map(async (viewer) => {
    try {
      const response = await fetch(`${base}/api/v1/runs/${runId}/events`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (response.status !== 200) throw new BenchError(`GET /runs/${runId}/events answered ${response.status}`);
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        const text = decoder.decode(chunk, { stream: true });
        viewer.bytes += chunk.byteLength;
        viewer.events += text.split('\nevent:').length - 1 + (text.startsWith('event:') ? 1 : 0);
      }
    } catch (error) {
      if (!controller.signal.aborted) viewer.error = String(error);
    }
  });
  return {
    viewers,
    async close() {
      controller.abort();
      await Promise.allSettled(streams);
    },
  };
}

async function measure(ctx, label, seconds, open) {
  const { stack } = ctx;
  const streams = open ? open() : null;
  await sleep(SETTLE_MS);
  const apiPid = stack.api.child.pid;
  const eventsBefore = streams ? streams.viewers.map((viewer) => viewer.events) : [];
  const xactBefore = await transactions(stack.db);
  const cpuBefore = cpuSeconds(apiPid).self;
  const startedAt = Date.now();
  await sleep(seconds * 1000);
  const wall = (Date.now() - startedAt) / 1000;
  const xactAfter = await transactions(stack.db);
  const cpuAfter = cpuSeconds(apiPid).self;
  const events = streams ? streams.viewers.map((viewer, i) => viewer.events - eventsBefore[i]) : [];
  const errors = streams ? streams.viewers.filter((viewer) => viewer.error).map((viewer) => viewer.error) : [];
  await streams?.close();
  if (errors.length) throw new BenchError(`live: ${errors.length} viewers failed (${errors[0]})`);
  const result = {
    label,
    viewers: streams?.viewers.length ?? 0,
    seconds: round(wall, 1),
    // The two statements this bench sends per reading are not the API's.
    queriesPerSecond: round((xactAfter - xactBefore - 2) / wall, 2),
    apiCpu: round((cpuAfter - cpuBefore) / wall, 3),
    eventsPerViewerPerSecond: streams ? round(events.reduce((a, b) => a + b, 0) / events.length / wall, 2) : null,
  };
  log(`live: ${label}: ${JSON.stringify(result)}`);
  return result;
}

export async function live(ctx, okServer) {
  const { client, stack, options } = ctx;
  const seconds = options.quick ? 8 : 20;
  const viewers = 50;
  const duration = Math.ceil((3 * (seconds * 1000 + SETTLE_MS)) / 1000) + 20;
  const target = await client.post('/targets', { name: 'bench live', baseUrl: okServer.url });
  const plan = (name, load) =>
    client.post('/plans', { name, targetId: target.id, load, requests: [{ name: 'Get', method: 'GET', path: '/' }], thresholds: [] });
  const running = await plan('bench live (running)', {
    executor: 'constant-arrival-rate',
    rate: 20,
    timeUnit: '1s',
    duration: `${duration}s`,
    preAllocatedVUs: 5,
  });
  const waiting = await plan('bench live (waiting)', { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '5s', preAllocatedVUs: 5 });
  const { run: a } = await client.post(`/plans/${running.id}/runs`, undefined, 202);
  for (const deadline = Date.now() + 60_000; ;) {
    const run = await client.get(`/runs/${a.id}`);
    if (run.status === 'RUNNING') break;
    if (Date.now() > deadline) throw new BenchError(`live: run ${a.id} still ${run.status} after 60 s`);
    await sleep(250);
  }
  const { run: b } = await client.post(`/plans/${waiting.id}/runs`, undefined, 202);
  await sleep(2_000);
  const results = [];
  results.push(await measure(ctx, 'nobody watching', seconds, null));
  results.push(await measure(ctx, `${viewers} viewers of the running run`, seconds, () => watch(stack.baseUrl, client.token, a.id, viewers)));
  const queued = await client.get(`/runs/${b.id}`);
  if (queued.status !== 'QUEUED') throw new BenchError(`live: the waiting run is ${queued.status}, not QUEUED`);
  results.push(await measure(ctx, `${viewers} viewers of the waiting run`, seconds, () => watch(stack.baseUrl, client.token, b.id, viewers)));
  await client.post(`/runs/${a.id}/cancel`, undefined, 202).catch(() => undefined);
  await client.post(`/runs/${b.id}/cancel`, undefined, 202).catch(() => undefined);
  const idle = results[0];
  const perViewer = (window) => ({
    queriesPerSecondPerViewer: round((window.queriesPerSecond - idle.queriesPerSecond) / window.viewers, 3),
    apiCpuPerViewer: round((window.apiCpu - idle.apiCpu) / window.viewers, 4),
  });
  return { viewers, seconds, windows: results, running: perViewer(results[1]), waiting: perViewer(results[2]) };
}

export function formatLive(result) {
  const lines = [`live: ${result.viewers} SSE viewers, ${result.seconds} s windows (a run at 20 req/s; a run waiting in line)`];
  lines.push('  window                               queries/s   API CPU (cores)   events/viewer/s');
  for (const window of result.windows) {
    lines.push(
      `  ${window.label.padEnd(36)} ${String(window.queriesPerSecond).padStart(9)}   ${String(window.apiCpu).padStart(15)}   ${String(window.eventsPerViewerPerSecond ?? '-').padStart(15)}`,
    );
  }
  lines.push(
    `  per viewer: running run ${result.running.queriesPerSecondPerViewer} queries/s, ${result.running.apiCpuPerViewer} cores; ` +
      `waiting run ${result.waiting.queriesPerSecondPerViewer} queries/s, ${result.waiting.apiCpuPerViewer} cores`,
  );
  return lines;
}
