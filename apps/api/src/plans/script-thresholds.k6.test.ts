import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView, ThresholdResult } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

const SLOW_MS = 100;

/**
 * Each iteration asks /slow (answered after 100 ms) and /fast (at once, every 4th a 503; its
 * body is a number 0-9 the server picks). The script's own metrics record what the test can
 * check against the server: one `served` per request, the numbers /fast answered (a Trend and
 * a Gauge) and whether /fast answered 200 (a Rate).
 */
const SCRIPT = `import http from 'k6/http';
import { Counter, Gauge, Rate, Trend } from 'k6/metrics';
const served = new Counter('served');
const answered = new Trend('answered');
const lastAnswer = new Gauge('last_answer');
const fastOk = new Rate('fast_ok');
export const options = {
  scenarios: { main: { executor: 'constant-arrival-rate', rate: 100, timeUnit: '1s', duration: '3s', preAllocatedVUs: 30, maxVUs: 60 } },
  thresholds: {
    'http_req_duration{name:Slow}': ['p(95)<${SLOW_MS / 2}', { threshold: 'max<60000', abortOnFail: true, delayAbortEval: '10s' }],
    'http_req_duration{name:Fast}': ['p(95)<${SLOW_MS / 2}'],
    served: ['count>10'],
    answered: ['p(99.9)<100'],
    fast_ok: ['rate>0.9'],
  },
};
export default function () {
  const headers = JSON.parse(__ENV.LOADLINE_HEADERS);
  http.get(__ENV.LOADLINE_BASE_URL + '/slow', { tags: { name: 'Slow' }, headers });
  served.add(1);
  const fast = http.get(__ENV.LOADLINE_BASE_URL + '/fast', { tags: { name: 'Fast' }, headers });
  served.add(1);
  answered.add(Number(fast.body));
  lastAnswer.add(Number(fast.body));
  fastOk.add(fast.status === 200);
}
`;

const byExpression = (run: RunView, metric: string, expression: string): ThresholdResult =>
  run.thresholds.find((result) => result.threshold.fromScript?.metric === metric && result.threshold.fromScript.expression === expression)!;

/** A custom script's own thresholds and metrics, judged and kept by Loadline from two segments, with real k6. */
describe("custom scripts' thresholds and metrics", () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;
  /** What /fast answered, in order, and with which status: the ground truth. */
  const answers: Array<{ value: number; status: number }> = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'scriptthresholds' });
    client = (await stack.api.signup('scriptthresholds')).client;
    server = await startLoopbackServer((req) => {
      if (req.url?.startsWith('/slow')) return { status: 200, delayMs: SLOW_MS };
      const answer = { value: answers.length % 10, status: answers.length % 4 === 3 ? 503 : 200 };
      answers.push(answer);
      return { status: answer.status, delayMs: 0, body: String(answer.value) };
    });
    target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    // A second runner: the run is split over two segments, each k6 seeing half of the load.
    await stack.startRunnerProcess('second');
  });
  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  it("judges the script's thresholds from the merged data, and keeps its own metrics", async () => {
    const check = await client.post('/plans/check-script', { source: SCRIPT });
    expect(check.body).toMatchObject({
      ok: true,
      thresholds: expect.arrayContaining([expect.objectContaining({ metric: 'custom', name: 'fast_ok', stat: 'rate' })]),
    });

    const created = await client.post<PlanView>('/plans', {
      name: 'scripted',
      targetId: target.id,
      script: { source: SCRIPT },
      segments: 2,
      // The plan's own threshold follows the script's; a client's copy of the script's is replaced.
      thresholds: [
        { metric: 'error_rate', op: '<', value: 0.5 },
        { metric: 'latency', stat: 'p50', op: '<', value: 1, fromScript: { metric: 'http_req_duration', expression: 'med<1' } },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const spec = created.body.spec;
    expect(spec.thresholds).toHaveLength(7);
    expect(spec.thresholds.at(-1)).toEqual({ metric: 'error_rate', op: '<', value: 0.5 });
    expect(spec.thresholds.find((threshold) => threshold.fromScript?.expression === 'max<60000')).toMatchObject({
      metric: 'latency',
      stat: 'max',
      request: 'Slow',
      stop: { after: '10s' },
    });

    const run = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${created.body.id}/runs`)).body.run.id, 120_000);
    const slowServed = server.counts.get('GET /slow') ?? 0;
    const fastServed = server.counts.get('GET /fast') ?? 0;
    const summary = run.summary!;
    console.log(
      `server: ${slowServed} /slow, ${fastServed} /fast; Loadline: ${run.status}, ` +
        run.thresholds.map((result) => `${result.threshold.fromScript?.expression ?? 'plan'} ${result.verdict} (${result.measured})`).join(', ') +
        `; diagnostics: ${run.diagnostics.map((diagnostic) => `${diagnostic.code} (${diagnostic.severity})`).join(', ') || 'none'}`,
    );

    expect(run.segmentDetails.map((segment) => segment.health!.requests > 0)).toEqual([true, true]);

    // (a) The run fails on the script's p95 of Slow, judged by Loadline from both segments (each k6 runs without thresholds).
    expect(run.status).toBe('FAILED');
    expect(run.error).toBeNull();
    const slow = byExpression(run, 'http_req_duration{name:Slow}', `p(95)<${SLOW_MS / 2}`);
    expect(slow.verdict).toBe('FAIL');
    expect(slow.measured!).toBeGreaterThanOrEqual(SLOW_MS);
    expect(slow.explanation).toMatch(/^p95 \d+ ms against < 50 ms: over by/);
    expect(byExpression(run, 'http_req_duration{name:Fast}', `p(95)<${SLOW_MS / 2}`).verdict).toBe('PASS');
    expect(byExpression(run, 'http_req_duration{name:Slow}', 'max<60000').verdict).toBe('PASS');
    expect(summary.requests.find((request) => request.name === 'Slow')!.count).toBe(slowServed);

    // (b) The script's own metrics, merged over both segments, against what the server counted and answered.
    const metric = (name: string) => summary.customMetrics.find((custom) => custom.name === name);
    expect(metric('served')).toMatchObject({ type: 'counter', count: server.total() });
    expect(answers).toHaveLength(fastServed);
    const values = answers.map((answer) => answer.value);
    expect(metric('answered')).toMatchObject({ type: 'trend', count: fastServed, min: Math.min(...values), max: Math.max(...values) });
    const answered = metric('answered')!;
    expect(answered.type === 'trend' && answered.avg).toBeCloseTo(values.reduce((sum, value) => sum + value, 0) / values.length, 9);
    expect(metric('last_answer')).toMatchObject({ type: 'gauge', min: Math.min(...values), max: Math.max(...values) });
    const ok = answers.filter((answer) => answer.status === 200).length;
    expect(metric('fast_ok')).toMatchObject({ type: 'rate', passes: ok, total: fastServed });
    expect(byExpression(run, 'served', 'count>10')).toMatchObject({ verdict: 'PASS', measured: server.total() });
    // The largest answer, 9, read from the trend's histogram: within its 0.5 %.
    const highest = byExpression(run, 'answered', 'p(99.9)<100');
    expect(highest.verdict).toBe('PASS');
    expect(Math.abs(highest.measured! - 9) / 9).toBeLessThanOrEqual(0.005);
    const rate = byExpression(run, 'fast_ok', 'rate>0.9');
    expect(rate).toMatchObject({
      verdict: 'FAIL',
      measured: ok / fastServed,
      explanation: expect.stringMatching(/^rate of fast_ok 0\.7\d+ against > 0\.9: short by/),
    });
    expect(run.thresholds.at(-1)).toMatchObject({ threshold: { metric: 'error_rate' }, verdict: 'PASS' });

    // Shown on the public report and in the CSV export too.
    const share = await client.post<{ token: string }>(`/runs/${run.id}/share-links`, {});
    const shared = await stack.api.get<{ run: RunView }>(`/public/reports/${share.body.token}`);
    expect(shared.body.run.summary!.customMetrics).toEqual(summary.customMetrics);
    expect(shared.body.run.thresholds).toEqual(run.thresholds);
    const csv = await (await client.raw(`/runs/${run.id}/export?format=csv`)).text();
    const served = csv
      .split('\n')
      .find((line) => line.startsWith('served,'))!
      .split(',');
    expect([served[1], served.at(-2), served.at(-1)]).toEqual([String(server.total()), 'counter', String(server.total())]);
  });

  it("keeps the script's thresholds through edits of the plan's own, and leaves them with the script", async () => {
    const plan = (await client.post<PlanView>('/plans', { name: 'edited', targetId: target.id, script: { source: SCRIPT } })).body;
    const fromScript = plan.spec.thresholds;
    expect(fromScript.every((threshold) => threshold.fromScript)).toBe(true);
    // A change of the plan's own thresholds (or a client dropping the script's) keeps the script's, first.
    const own = { metric: 'error_rate', op: '<', value: 0.2 } as const;
    const edited = await client.patch<PlanView>(`/plans/${plan.id}`, { thresholds: [own] });
    expect(edited.body.spec.thresholds).toEqual([...fromScript, own]);
    // An edit of the script reads its thresholds again.
    const tighter = await client.patch<PlanView>(`/plans/${plan.id}`, { script: { source: SCRIPT.replace("served: ['count>10']", "served: ['count>20']") } });
    expect(tighter.body.spec.thresholds.filter((threshold) => threshold.fromScript?.metric === 'served')).toEqual([
      { metric: 'custom', name: 'served', stat: 'count', op: '>', value: 20, fromScript: { metric: 'served', expression: 'count>20' } },
    ]);
    expect(tighter.body.spec.thresholds.at(-1)).toEqual(own);
    // Back to scenarios: the script's thresholds go with it, the plan's own stay.
    const back = await client.patch<PlanView>(`/plans/${plan.id}`, {
      script: null,
      scenarios: [{ name: 'main', load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'A', path: '/' }] }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.spec.thresholds).toEqual([own]);
  });

  it('refuses at save, naming each expression and why, what Loadline cannot judge', async () => {
    const source = SCRIPT.replace(
      "served: ['count>10'],",
      "served: ['count>10'], 'http_req_duration{expected_response:true}': ['p(95)<500'], iteration_duration: ['avg<1000'], 'answered{page:x}': ['avg<5'],",
    );
    const refused = await client.post('/plans', { name: 'refused', targetId: target.id, script: { source } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('SCRIPT_THRESHOLD_UNSUPPORTED');
    expect(refused.body.error.message).toMatch(/^Loadline cannot judge 3 of the script's thresholds: /);
    expect(refused.body.error.details.map((detail: { message: string }) => detail.message)).toEqual([
      expect.stringMatching(/^options\.thresholds\["answered\{page:x\}"\]: "avg<5": Loadline keeps a custom metric per metric name, not per tag/),
      expect.stringMatching(/^options\.thresholds\["http_req_duration\{expected_response:true\}"\]: "p\(95\)<500": .*expected_response is not supported/),
      expect.stringMatching(/^options\.thresholds\["iteration_duration"\]: "avg<1000": Loadline does not judge iteration_duration/),
    ]);
    const check = await client.post('/plans/check-script', { source });
    expect(check.body).toMatchObject({
      ok: false,
      message: refused.body.error.message,
      unsupportedThresholds: expect.arrayContaining([expect.objectContaining({ metric: 'iteration_duration' })]),
    });
    // What k6 itself refuses (a statistic the metric lacks) is k6's error, as for any script k6 cannot load.
    const wrong = await client.post('/plans', {
      name: 'wrong',
      targetId: target.id,
      script: { source: SCRIPT.replace("served: ['count>10']", "served: ['p(95)<10']") },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/unsupported aggregation method p on metric of type counter/);
  });
});
