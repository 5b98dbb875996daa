import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEMETRY_LIMITS, type MetricSourceView, type PlanView, type RunTelemetry, type TargetView } from '@loadline/shared';
import { openJobSecrets } from '@loadline/shared/queue';
import { TEST_RUNNER_KEY } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { captureProcessOutput } from './log-capture.js';

/**
 * Metric sources on targets: CRUD, validation, the trust rules of load (the address policy,
 * the target's own host or its verified addresses; literal loopback addresses only, nothing is
 * contacted), tenant isolation, sealed credentials, and what a run's job carries of them (read
 * back from Redis: this stack has no runner).
 */
describe('metric sources (real PostgreSQL and Redis)', () => {
  const TOKEN = 'src-bearer-9f8e7d6c5b4a';
  const PASSWORD = 'src-basic-pw-1a2b3c4d';
  let output: ReturnType<typeof captureProcessOutput>;
  let stack: TestStack;
  let owner: ApiClient;
  let other: ApiClient;
  let target: TargetView;

  beforeAll(async () => {
    output = captureProcessOutput();
    // Debug: the most the API ever logs, none of which may hold a credential.
    stack = await startStack({ label: 'metric-sources', runner: false, env: { LOG_LEVEL: 'debug' } });
    owner = (await stack.api.signup('sources')).client;
    other = (await stack.api.signup('sources-other')).client;
    target = (await owner.post<TargetView>('/targets', { name: 'api', baseUrl: 'http://127.0.0.1:9/' })).body;
  });

  afterAll(async () => {
    await stack?.close();
    output?.stop();
  });

  const sources = (targetId = target.id) => `/targets/${targetId}/sources`;

  it('adds, lists, changes and removes sources; credentials are sealed and never read back', async () => {
    const created = await owner.post<MetricSourceView>(sources(), {
      kind: 'scrape',
      name: 'api',
      url: 'http://127.0.0.1:9100/metrics',
      auth: { type: 'bearer', token: TOKEN },
      presets: ['process', 'http'],
      cpuCores: 4,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      targetId: target.id,
      kind: 'scrape',
      name: 'api',
      url: 'http://127.0.0.1:9100/metrics',
      authType: 'bearer',
      cpuCores: 4,
      presets: ['process', 'http'],
      selectors: [],
      queries: [],
      stepSeconds: null,
    });
    const promql = await owner.post<MetricSourceView>(sources(), {
      kind: 'promql',
      name: 'prom',
      url: 'http://127.0.0.1:9090/',
      auth: { type: 'basic', username: 'reader', password: PASSWORD },
      queries: [{ name: 'queue_depth', expr: 'sum(jobs_waiting)', role: 'queue_depth' }],
    });
    expect(promql.status).toBe(201);
    expect(promql.body).toMatchObject({ kind: 'promql', authType: 'basic', stepSeconds: 1, presets: [], queries: [{ name: 'queue_depth' }] });

    const [row] = await stack.db.query<{ credentials: string }>('SELECT * FROM "MetricSource" WHERE id = $1', [created.body.id]);
    expect(row!.credentials).toMatch(/^v1:/);
    expect(JSON.stringify(await stack.db.query('SELECT * FROM "MetricSource"'))).not.toMatch(new RegExp(`${TOKEN}|${PASSWORD}`));

    const listed = await owner.get<{ items: MetricSourceView[] }>(sources());
    expect(listed.body.items.map((source) => source.name)).toEqual(['api', 'prom']);

    const renamed = await owner.patch<MetricSourceView>(`${sources()}/${created.body.id}`, {
      name: 'web',
      selectors: ['queue_jobs{state="waiting"}'],
      cpuCores: null,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'web',
      authType: 'bearer',
      cpuCores: null,
      selectors: ['queue_jobs{state="waiting"}'],
      presets: ['process', 'http'],
    });
    const withoutAuth = await owner.patch<MetricSourceView>(`${sources()}/${created.body.id}`, { auth: null });
    expect(withoutAuth.body.authType).toBe('none');
    expect(
      (await stack.db.query<{ credentials: string | null }>('SELECT credentials FROM "MetricSource" WHERE id = $1', [created.body.id]))[0]!.credentials,
    ).toBeNull();

    expect((await owner.delete(`${sources()}/${created.body.id}`)).status).toBe(204);
    expect((await owner.delete(`${sources()}/${created.body.id}`)).status).toBe(404);
    expect((await owner.get<{ items: MetricSourceView[] }>(sources())).body.items.map((source) => source.name)).toEqual(['prom']);

    const audit = (await owner.get('/audit?limit=200')).body.events as { action: string; details: Record<string, unknown> }[];
    expect(audit.map((event) => event.action)).toEqual(expect.arrayContaining(['metric_source.created', 'metric_source.updated', 'metric_source.deleted']));
    expect(audit.find((event) => event.action === 'metric_source.deleted')!.details).toMatchObject({ name: 'web', kind: 'scrape' });
    expect(JSON.stringify(audit)).not.toMatch(new RegExp(`${TOKEN}|${PASSWORD}`));
    expect((await owner.delete(`${sources()}/${promql.body.id}`)).status).toBe(204);
  });

  it('refuses invalid sources with the field that is wrong', async () => {
    const scrape = { kind: 'scrape', name: 'x', url: 'http://127.0.0.1:9100/metrics' };
    for (const [body, path] of [
      [{ ...scrape, url: 'not a url' }, 'url'],
      [{ ...scrape, url: 'ftp://127.0.0.1/metrics' }, 'url'],
      [{ ...scrape, url: 'http://user:pw@127.0.0.1:9100/metrics' }, 'url'],
      [{ ...scrape, name: 'Has Spaces' }, 'name'],
      [{ ...scrape, presets: ['kernel'] }, 'presets.0'],
      [{ ...scrape, selectors: ['rate(x[1m])'] }, 'selectors.0'],
      [{ ...scrape, auth: { type: 'bearer', token: '' } }, 'auth.token'],
      [{ kind: 'promql', name: 'p', url: 'http://127.0.0.1:9090/', queries: [] }, 'queries'],
      [{ ...scrape, kind: 'snmp' }, 'kind'],
    ] as const) {
      const response = await owner.post(sources(), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(
        response.body.error.details.map((detail: { path: string }) => detail.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const created = (await owner.post<MetricSourceView>(sources(), scrape)).body;
    const foreign = await owner.patch(`${sources()}/${created.id}`, { queries: [{ name: 'q', expr: 'up' }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({ code: 'SOURCE_INVALID', details: [{ path: 'queries' }] });
    const badUrl = await owner.patch(`${sources()}/${created.id}`, { url: 'gopher://127.0.0.1/' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.details[0].path).toBe('url');
    const taken = await owner.post(sources(), scrape);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('SOURCE_NAME_TAKEN');
    await owner.delete(`${sources()}/${created.id}`);
  });

  it("accepts only the target's own host or its verified addresses, in words when not (422 SOURCE_NOT_ALLOWED)", async () => {
    const refused = async (url: string, expected: string) => {
      const response = await owner.post(sources(), { kind: 'scrape', name: 'x', url });
      expect(response.status, url).toBe(422);
      expect(response.body.error.code, url).toBe('SOURCE_NOT_ALLOWED');
      expect(response.body.error.message, url).toContain(expected);
      expect(response.body.error.details[0].path).toBe('url');
    };
    // The address policy first: refused networks whatever the target.
    // Literal addresses, refused by the address policy when the source is saved: never resolved,
    // never contacted (the API contacts no source at all; the runner only pinned, allowed ones).
    await refused('http://10.0.0.5:9100/metrics', '10.0.0.5 is in 10.0.0.0/8 (private)');
    await refused('http://169.254.169.254/latest', '(metadata)');
    await refused('http://metadata.google.internal/x', 'cloud metadata service');
    // An unverified target: its own host only.
    await refused('http://127.0.0.2:9100/metrics', "127.0.0.2 is not the target's host 127.0.0.1, and the target is not verified");

    // Verified at 127.0.0.1 and 127.0.0.3 (as verification records them): 127.0.0.3 is its, 127.0.0.4 is not.
    await stack.db.query(
      `UPDATE "Target" SET "verifiedAt" = now(), "verificationMethod" = 'http', "verifiedAddresses" = '{127.0.0.1,127.0.0.3}' WHERE id = $1`,
      [target.id],
    );
    const elsewhere = await owner.post<MetricSourceView>(sources(), { kind: 'scrape', name: 'node', url: 'http://127.0.0.3:9100/metrics' });
    expect(elsewhere.status).toBe(201);
    await refused('http://127.0.0.4:9100/metrics', '127.0.0.4 is not among the addresses the target was verified at (127.0.0.1, 127.0.0.3)');
    // A change of address is checked like a new source.
    const moved = await owner.patch(`${sources()}/${elsewhere.body.id}`, { url: 'http://127.0.0.4:9100/metrics' });
    expect(moved.status).toBe(422);
    expect(moved.body.error.code).toBe('SOURCE_NOT_ALLOWED');
    await owner.delete(`${sources()}/${elsewhere.body.id}`);
    await stack.db.query(`UPDATE "Target" SET "verifiedAt" = NULL, "verificationMethod" = NULL, "verifiedAddresses" = '{}' WHERE id = $1`, [target.id]);
  });

  it(`keeps at most ${TELEMETRY_LIMITS.maxSources} sources per target`, async () => {
    const full = (await owner.post<TargetView>('/targets', { name: 'full', baseUrl: 'http://127.0.0.1:9/' })).body;
    for (let i = 0; i < TELEMETRY_LIMITS.maxSources; i++) {
      expect((await owner.post(sources(full.id), { kind: 'scrape', name: `s${i}`, url: `http://127.0.0.1:${9100 + i}/metrics` })).status).toBe(201);
    }
    const over = await owner.post(sources(full.id), { kind: 'scrape', name: 'one-more', url: 'http://127.0.0.1:9200/metrics' });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('TOO_MANY_SOURCES');
  });

  it("answers 404 to another organization's target and source ids, in the path and mixed with its own", async () => {
    const mine = (
      await owner.post<MetricSourceView>(sources(), {
        kind: 'scrape',
        name: 'mine',
        url: 'http://127.0.0.1:9100/metrics',
        auth: { type: 'bearer', token: TOKEN },
      })
    ).body;
    const theirs = (await other.post<TargetView>('/targets', { name: 'theirs', baseUrl: 'http://127.0.0.1:9/' })).body;
    expect((await other.get(sources())).status).toBe(404);
    expect((await other.post(sources(), { kind: 'scrape', name: 'in', url: 'http://127.0.0.1:9100/metrics' })).status).toBe(404);
    expect((await other.patch(`${sources()}/${mine.id}`, { name: 'taken' })).status).toBe(404);
    expect((await other.delete(`${sources()}/${mine.id}`)).status).toBe(404);
    // Their own target with my source's id: still nothing of mine.
    const mixedPatch = await other.patch(`${sources(theirs.id)}/${mine.id}`, { name: 'taken' });
    expect(mixedPatch.status).toBe(404);
    expect(mixedPatch.body.error.code).toBe('SOURCE_NOT_FOUND');
    expect((await other.delete(`${sources(theirs.id)}/${mine.id}`)).status).toBe(404);
    expect((await other.get<{ items: unknown[] }>(sources(theirs.id))).body.items).toEqual([]);
    // A source of one of my targets is not found under another of my targets either.
    const second = (await owner.post<TargetView>('/targets', { name: 'second', baseUrl: 'http://127.0.0.1:9/' })).body;
    expect((await owner.patch(`${sources(second.id)}/${mine.id}`, { name: 'moved' })).status).toBe(404);
    const after = (await owner.get<{ items: MetricSourceView[] }>(sources())).body.items.find((source) => source.id === mine.id);
    expect(after).toMatchObject({ name: 'mine', authType: 'bearer' });
    await owner.delete(`${sources()}/${mine.id}`);
  });

  it("gives a run's job the sources with the addresses pinned at its start and their credentials sealed; leaves out one no longer allowed", async () => {
    const svc = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    await stack.db.query(
      `UPDATE "Target" SET "verifiedAt" = now(), "verificationMethod" = 'http', "verifiedAddresses" = '{127.0.0.1,127.0.0.3}' WHERE id = $1`,
      [svc.id],
    );
    await owner.post(sources(svc.id), {
      kind: 'scrape',
      name: 'api',
      url: 'http://127.0.0.1:9100/metrics',
      auth: { type: 'bearer', token: TOKEN },
      presets: ['process'],
      cpuCores: 2,
    });
    await owner.post(sources(svc.id), {
      kind: 'promql',
      name: 'prom',
      url: 'http://127.0.0.3:9090/',
      auth: { type: 'basic', username: 'reader', password: PASSWORD },
      queries: [{ name: 'depth', expr: 'sum(jobs_waiting)', role: 'queue_depth' }],
      stepSeconds: 2,
    });
    const plan = (await owner.post<PlanView>('/plans', validPlan(svc.id))).body;
    const run = (await owner.post(`/plans/${plan.id}/runs`)).body.run;
    const job = (await stack.app.get(RunQueueService).queue.job(run.id))!;
    expect(job.telemetry).toEqual([
      {
        name: 'api',
        kind: 'scrape',
        url: 'http://127.0.0.1:9100/metrics',
        addresses: ['127.0.0.1'],
        presets: ['process'],
        selectors: [],
        queries: [],
        stepSeconds: 1,
        cpuCores: 2,
      },
      {
        name: 'prom',
        kind: 'promql',
        url: 'http://127.0.0.3:9090/',
        addresses: ['127.0.0.3'],
        presets: [],
        selectors: [],
        queries: [{ name: 'depth', expr: 'sum(jobs_waiting)', role: 'queue_depth' }],
        stepSeconds: 2,
      },
    ]);
    expect(openJobSecrets(TEST_RUNNER_KEY, run.id, job.target.secrets).telemetry).toEqual({
      api: { type: 'bearer', token: TOKEN },
      prom: { type: 'basic', username: 'reader', password: PASSWORD },
    });
    // Sealed in Redis and in the dispatch record PostgreSQL keeps for the reconciler.
    expect(JSON.stringify(job)).not.toMatch(new RegExp(`${TOKEN}|${PASSWORD}`));
    expect(JSON.stringify(await stack.db.query('SELECT record FROM "RunDispatch" WHERE "runId" = $1', [run.id]))).not.toMatch(
      new RegExp(`${TOKEN}|${PASSWORD}`),
    );
    await owner.post(`/runs/${run.id}/cancel`);

    // The target moves to another host: its verification ends, and with it the right to read 127.0.0.3.
    await owner.patch(`/targets/${svc.id}`, { baseUrl: 'http://127.0.0.5:9/' });
    const later = (await owner.post(`/plans/${plan.id}/runs`)).body.run;
    const laterJob = (await stack.app.get(RunQueueService).queue.job(later.id))!;
    // 127.0.0.1 is no longer the target's host either.
    expect(laterJob.telemetry ?? []).toEqual([]);
    expect(openJobSecrets(TEST_RUNNER_KEY, later.id, laterJob.target.secrets).telemetry).toBeUndefined();
    const telemetry = (await owner.get<RunTelemetry>(`/runs/${later.id}/telemetry`)).body;
    expect(telemetry.sources.map((source) => [source.source, source.errors.map((error) => error.code)])).toEqual([
      ['api', ['NOT_ALLOWED']],
      ['prom', ['NOT_ALLOWED']],
    ]);
    expect(telemetry.sources[1]!.errors[0]!.message).toContain("127.0.0.3 is not the target's host 127.0.0.5, and the target is not verified");
    await owner.post(`/runs/${later.id}/cancel`);
  });

  it('never wrote a credential to the log', () => {
    const logged = output.text();
    // The capture holds the API's own lines (this one is logged when a run leaves a source out).
    expect(logged).toContain('metric source left out of a run');
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(PASSWORD);
  });
});
