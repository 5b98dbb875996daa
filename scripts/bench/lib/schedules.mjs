// `--only schedules`: whether every slot of 1,000 and then 10,000 every-minute schedules fires
// exactly once and on time. Each size gets a stack of its own (API with its scheduler, a fresh
// database); the runner is stopped, so fired runs are created and queued as usual but start no
// load (they wait for runners, which never come, for the length of the benchmark).
//
// Seeding goes through the API (organizations, targets, plans, schedules), 400 schedules per
// organization (the per-organization limit of concurrent runs is 1,000 and each schedule
// queues one run per minute) over 5 plans each, overlap policy RUN. The measured window is the
// first two whole minutes after seeding: slots expected = schedules x 2. Read from PostgreSQL:
//   claimed jitter   slot recorded (ScheduleSlot.createdAt, the claim's transaction) - slot time
//   queued lag       run created (Run.createdAt) - slot time: when the run was in line
// and duplicated = runs started for a slot beyond its first (the run's idempotency key is the slot).
import { BenchError, cpuSeconds, log, sleep } from './util.mjs';

const SCHEDULES_PER_ORG = 400;
const PLANS_PER_ORG = 5;
const MINUTES = 2;
/** How long after the last slot of the window its runs may take to be created before we stop waiting. */
const SETTLE_MS = 180_000;

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null);
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? null };
};

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function seed(stack, count) {
  const { ApiClient } = await import('./stack.mjs');
  const organizations = Math.ceil(count / SCHEDULES_PER_ORG);
  const plans = [];
  for (let o = 0; o < organizations; o++) {
    const client = await ApiClient.signup(stack.baseUrl);
    await client.request('PATCH', '/organization/quotas', { maxConcurrentRuns: 1000, monthlyVuMinutes: 1_000_000 }, 200);
    // No traffic goes there: no runner is online while the benchmark runs.
    const target = await client.post('/targets', { name: 'never loaded', baseUrl: 'http://127.0.0.1:9' });
    for (let p = 0; p < PLANS_PER_ORG; p++) {
      const plan = await client.post('/plans', {
        name: `scheduled ${o}-${p}`,
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 1, duration: '5s' },
        requests: [{ name: 'Get', path: '/' }],
      });
      plans.push({ client, plan });
    }
  }
  const jobs = Array.from({ length: count }, (_, i) => plans[i % plans.length]);
  const started = Date.now();
  await pool(jobs, 16, ({ client, plan }) => client.post(`/plans/${plan.id}/schedules`, { cron: '* * * * *', overlapPolicy: 'RUN' }));
  log(`schedules: ${count} every-minute schedules over ${organizations} organizations created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function measure(count) {
  const { Stack } = await import('./stack.mjs');
  // Fired runs wait for runners for the whole benchmark instead of being given up.
  // SCHEDULES_PER_ORG schedules per organization: above the installation's default cap.
  const stack = new Stack({
    apiEnv: { LOADLINE_RUNNER_WAIT_SECONDS: '7200', LOADLINE_QUEUE_TIMEOUT_SECONDS: '7200', LOADLINE_SCHEDULES_PER_ORGANIZATION: String(SCHEDULES_PER_ORG) },
  });
  try {
    await stack.start();
    await stack.scaleRunnersTo(0);
    await seed(stack, count);
    const first = Math.ceil((Date.now() + 1_000) / 60_000) * 60_000;
    const last = first + (MINUTES - 1) * 60_000;
    log(`schedules: measuring the slots of ${new Date(first).toISOString()} .. ${new Date(last).toISOString()}`);
    await sleep(first - Date.now() - 2_000);
    const cpuBefore = cpuSeconds(stack.api.child.pid);
    const wallBefore = Date.now();
    const window = [new Date(first), new Date(last)];
    // Done when every expected slot is recorded and none is still being fired, or time is up.
    let rows = [];
    for (const deadline = last + SETTLE_MS; Date.now() < deadline;) {
      await sleep(5_000);
      if (Date.now() < last) continue;
      const { rows: state } = await stack.db.query(
        `SELECT count(*)::int AS slots, count(*) FILTER (WHERE outcome = 'PENDING')::int AS pending FROM "ScheduleSlot" WHERE "slotAt" BETWEEN $1 AND $2`,
        window,
      );
      if (state[0].slots >= count * MINUTES && state[0].pending === 0) break;
    }
    const cpuAfter = cpuSeconds(stack.api.child.pid);
    const wallSeconds = (Date.now() - wallBefore) / 1000;
    ({ rows } = await stack.db.query(
      `SELECT s."slotAt", s."createdAt" AS claimed, s.outcome, r."createdAt" AS queued
       FROM "ScheduleSlot" s LEFT JOIN "Run" r ON r.id = s."runId" WHERE s."slotAt" BETWEEN $1 AND $2`,
      window,
    ));
    const { rows: dup } = await stack.db.query(
      `SELECT (count(*) - count(DISTINCT "idempotencyKey"))::int AS extra FROM "Run" WHERE "idempotencyKey" LIKE 'schedule:%'`,
    );
    const outcomes = {};
    for (const row of rows) outcomes[row.outcome] = (outcomes[row.outcome] ?? 0) + 1;
    const expected = count * MINUTES;
    return {
      schedules: count,
      minutes: MINUTES,
      expected,
      fired: rows.length,
      missing: Math.max(0, expected - rows.length),
      duplicated: dup[0].extra,
      outcomes,
      claimedJitterMs: stats(rows.map((row) => row.claimed.getTime() - row.slotAt.getTime())),
      queuedLagMs: stats(rows.filter((row) => row.queued).map((row) => row.queued.getTime() - row.slotAt.getTime())),
      apiCoreShare: cpuBefore && cpuAfter ? (cpuAfter.self - cpuBefore.self) / wallSeconds : null,
    };
  } finally {
    await stack.close();
  }
}

export async function schedules({ options }) {
  const sizes = options.quick ? [200] : [1_000, 10_000];
  const results = [];
  for (const count of sizes) {
    log(`schedules: ${count} every-minute schedules`);
    results.push(await measure(count));
  }
  return { sizes: results };
}

export function formatSchedules(result) {
  const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)}`);
  const lines = ['schedules: every-minute schedules, the slots of two whole minutes; fires start runs that wait (no runner online)'];
  lines.push(
    '  schedules   expected   fired  missing  duplicated | claimed jitter ms p50/p95/p99/max | run queued lag ms p50/p95/p99/max | API cores  outcomes',
  );
  for (const size of result.sizes) {
    if (size.fired === 0) throw new BenchError(`schedules: no slot fired with ${size.schedules} schedules`);
    const j = size.claimedJitterMs;
    const q = size.queuedLagMs;
    lines.push(
      `  ${String(size.schedules).padStart(9)} ${String(size.expected).padStart(10)} ${String(size.fired).padStart(7)} ${String(size.missing).padStart(8)} ${String(size.duplicated).padStart(11)} |` +
        ` ${[j.p50, j.p95, j.p99, j.max].map(ms).join('/').padStart(31)} | ${[q.p50, q.p95, q.p99, q.max].map(ms).join('/').padStart(33)} |` +
        ` ${size.apiCoreShare === null ? 'n/a' : size.apiCoreShare.toFixed(2).padStart(9)}  ${JSON.stringify(size.outcomes)}`,
    );
  }
  return lines;
}
