import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_PATH, type PlanView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { startLoopbackDnsServer, type LoopbackDnsServer } from '../test/dns-server.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { openJobSecrets } from '@loadline/shared/queue';
import { TEST_RUNNER_KEY } from '@loadline/shared/testing';

/**
 * Targets: the address policy (tested on addresses alone: nothing is sent anywhere but the
 * loopback servers started here), secrets sealed at rest, ownership verification over HTTP and
 * DNS (a loopback DNS server), and the limits of unverified targets. No runner: queued run jobs
 * are read back from Redis.
 */
describe('targets: address policy, secrets, verification', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let site: LoopbackServer;
  let dns: LoopbackDnsServer;
  let published = '';

  beforeAll(async () => {
    dns = await startLoopbackDnsServer();
    site = await startLoopbackServer((req) => {
      if (req.url === VERIFICATION_PATH) return { status: 200, delayMs: 0, body: published };
      return { status: 404, delayMs: 0 };
    });
    stack = await startStack({
      label: 'targets',
      runner: false,
      env: { LOADLINE_UNVERIFIED_MAX_VUS: '10', LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS: '60', LOADLINE_DNS_SERVERS: dns.address },
    });
    owner = (await stack.api.signup('targets')).client;
  });

  afterAll(async () => {
    await stack?.close();
    await site?.close();
    await dns?.close();
  });

  it('refuses targets in private, link-local, metadata and other refused ranges, naming the range', async () => {
    // Addresses only: a target is never contacted when created, these are refused before any run,
    // and this stack has no runner. The metadata host name is refused by name, before any DNS.
    for (const [baseUrl, expected] of [
      ['http://10.0.0.5/', '10.0.0.5 is in 10.0.0.0/8 (private)'],
      ['https://192.168.1.20:8443/', '(private)'],
      ['http://169.254.169.254/latest/meta-data', '(metadata)'],
      ['http://[fe80::1]/', '(link-local)'],
      ['http://[::ffff:10.1.1.1]/', '(private)'],
      ['ws://224.0.0.1/', '(multicast)'],
      ['grpc://100.64.3.4:50051', '(private)'],
      ['http://metadata.google.internal/', 'cloud metadata service'],
    ] as const) {
      const response = await owner.post('/targets', { name: 'x', baseUrl });
      expect(response.status, baseUrl).toBe(422);
      expect(response.body.error.code, baseUrl).toBe('ADDRESS_NOT_ALLOWED');
      expect(response.body.error.details[0], baseUrl).toMatchObject({ path: 'baseUrl', message: expect.stringContaining(expected) });
    }
    // This installation allows 127.0.0.0/8, as self-hosted installs and tests do.
    expect((await owner.post('/targets', { name: 'local', baseUrl: site.url })).status).toBe(201);
    const moved = await owner.post<TargetView>('/targets', { name: 'local', baseUrl: site.url });
    // Moving a target is checked like creating one; the guard refuses the literal address (no lookup, no request).
    expect((await owner.patch(`/targets/${moved.body.id}`, { baseUrl: 'http://172.16.0.9/' })).body.error.code).toBe('ADDRESS_NOT_ALLOWED');
  });

  it('accepts the protocols plans can speak and names the others', async () => {
    for (const baseUrl of ['ws://127.0.0.1:9/socket', 'wss://127.0.0.1:9/', 'grpc://127.0.0.1:50051', 'grpcs://127.0.0.1:50051']) {
      const created = await owner.post<TargetView>('/targets', { name: 'p', baseUrl });
      expect(created.status, baseUrl).toBe(201);
      expect(created.body.protocol).toBe(baseUrl.startsWith('ws') ? 'ws' : 'grpc');
    }
    const ftp = await owner.post('/targets', { name: 'p', baseUrl: 'ftp://127.0.0.1/' });
    expect(ftp.status).toBe(400);
    expect(ftp.body.error.details[0].path).toBe('baseUrl');
  });

  it('seals headers and variables at rest, never returns them, and edits them one by one', async () => {
    const created = await owner.post<TargetView>('/targets', {
      name: 'secrets',
      baseUrl: site.url,
      headers: { Authorization: 'Bearer tok-123', 'X-Tenant': 'acme' },
      variables: { API_KEY: 'k-456' },
    });
    expect(created.body).toMatchObject({ headerNames: ['Authorization', 'X-Tenant'], variableNames: ['API_KEY'] });
    expect(JSON.stringify(created.body)).not.toMatch(/tok-123|k-456/);
    const [row] = await stack.db.query('SELECT * FROM "Target" WHERE id = $1', [created.body.id]);
    expect(JSON.stringify(row)).not.toMatch(/tok-123|k-456|acme/);

    const edited = await owner.patch<TargetView>(`/targets/${created.body.id}`, {
      headers: { 'X-Tenant': null, 'X-Trace': 'on' },
      variables: { API_KEY: 'k-789' },
    });
    expect(edited.body.headerNames).toEqual(['Authorization', 'X-Trace']);

    // What a runner receives: the decrypted values, in the queued job only.
    const plan = (await owner.post<PlanView>('/plans', validPlan(created.body.id))).body;
    const run = (await owner.post(`/plans/${plan.id}/runs`)).body.run;
    const job = (await stack.app.get(RunQueueService).queue.job(run.id))!;
    expect(job.target.baseUrl).toBe(site.url);
    expect(openJobSecrets(TEST_RUNNER_KEY, run.id, job.target.secrets)).toEqual({
      headers: { Authorization: 'Bearer tok-123', 'X-Trace': 'on' },
      variables: { API_KEY: 'k-789' },
    });
    // k6 may reach the target's address (127.0.0.1) and nothing else: every other IPv4 and IPv6 address is barred.
    expect(job.policy.blacklistIPs).toEqual(expect.arrayContaining(['0.0.0.0/2', '128.0.0.0/1', '127.0.0.0/32', '127.0.0.2/31', '::/0']));
    expect(job.policy.blacklistIPs.filter((cidr) => cidr.startsWith('127.0.0.1/'))).toEqual([]);
    await owner.post(`/runs/${run.id}/cancel`);
  });

  it('limits unverified targets to small runs, and verifies over HTTP', async () => {
    const target = (await owner.post<TargetView>('/targets', { name: 'verify me', baseUrl: `${site.url}/api` })).body;
    expect(target.verified).toBe(false);
    expect(target.unverifiedLimits).toEqual({ maxVus: 10, maxDurationSeconds: 60 });
    expect(target.verification.httpUrl).toBe(`${site.url}${VERIFICATION_PATH}`);
    const big = (await owner.post<PlanView>('/plans', { ...validPlan(target.id), load: { executor: 'constant-vus', vus: 20, duration: '2m' } })).body;
    const refused = await owner.post(`/plans/${big.id}/runs`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('TARGET_UNVERIFIED');
    expect(refused.body.error.message).toContain('limited to 10 VUs for 60 s; this plan asks for 20 VUs for 120 s');

    published = 'something else\n';
    const wrong = await owner.post(`/targets/${target.id}/verify`, { method: 'http' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('VERIFICATION_FAILED');
    expect(wrong.body.error.message).toContain(`does not contain the line ${target.verification.value}`);

    published = `# Loadline\n${target.verification.value}\n`;
    const verified = await owner.post<TargetView>(`/targets/${target.id}/verify`, {});
    expect(verified.status).toBe(200);
    expect(verified.body.verification).toMatchObject({ verified: true, method: 'http' });
    expect(verified.body.unverifiedLimits).toBeNull();
    const started = await owner.post(`/plans/${big.id}/runs`);
    expect(started.status).toBe(202);
    await owner.post(`/runs/${started.body.run.id}/cancel`);

    const audit = (await owner.get('/audit?action=target.verified')).body.events;
    expect(audit[0]).toMatchObject({ subject: { type: 'target', id: target.id }, details: { method: 'http' } });

    // Another host must be verified again (a test-only name the loopback DNS server answers).
    dns.a.set('site.loadline.test', ['127.0.0.1']);
    const moved = await owner.patch<TargetView>(`/targets/${target.id}`, { baseUrl: `http://site.loadline.test:${new URL(site.url).port}/api` });
    expect(moved.body.verified).toBe(false);
  });

  it('verifies over DNS with a TXT record', async () => {
    dns.a.set('grpc.loadline.test', ['127.0.0.1']);
    const target = (await owner.post<TargetView>('/targets', { name: 'dns', baseUrl: 'grpc://grpc.loadline.test:50051' })).body;
    expect(target.verification.dnsName).toBe('_loadline-verification.grpc.loadline.test');
    const missing = await owner.post(`/targets/${target.id}/verify`, {});
    expect(missing.body.error.code).toBe('VERIFICATION_FAILED');
    // gRPC has no HTTP endpoint for the file: only DNS is tried.
    expect(missing.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['dns']);

    dns.txt.set(target.verification.dnsName!, ['v=spf1 -all', target.verification.value]);
    const verified = await owner.post<TargetView>(`/targets/${target.id}/verify`, { method: 'dns' });
    expect(verified.status).toBe(200);
    expect(verified.body.verification.method).toBe('dns');
  });

  it('offers no DNS record for a target whose host is an IP address, and does not look one up', async () => {
    const target = (await owner.post<TargetView>('/targets', { name: 'by address', baseUrl: `${site.url}/ip` })).body;
    expect(target.verification.dnsName).toBeNull();
    expect(target.verification.httpUrl).toBe(`${site.url}${VERIFICATION_PATH}`);
    published = 'nothing here\n';
    const missing = await owner.post(`/targets/${target.id}/verify`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['http']);
    const asked = await owner.post(`/targets/${target.id}/verify`, { method: 'dns' });
    expect(asked.status).toBe(422);
    expect(asked.body.error.message).toContain('127.0.0.1 is an IP address, which has no DNS name for a TXT record');
    expect(dns.questions.filter((question) => question.startsWith('TXT') && question.includes('127.0.0.1'))).toEqual([]);
  });

  it('creates a second target at the same base URL, with a warning naming the first', async () => {
    const first = (await owner.post<TargetView & { warnings: unknown[] }>('/targets', { name: 'same one', baseUrl: `${site.url}/same` })).body;
    expect(first.warnings).toEqual([]);
    const second = await owner.post('/targets', { name: 'same two', baseUrl: `${site.url}/same/` });
    expect(second.status).toBe(201);
    expect(second.body.warnings).toEqual([
      { code: 'DUPLICATE_BASE_URL', message: expect.stringContaining('Another target has this base URL: "same one"'), targetIds: [first.id] },
    ]);
    // A deleted target is not another one.
    expect((await owner.delete(`/targets/${first.id}`)).status).toBe(204);
    await owner.delete(`/targets/${second.body.id}`);
    expect((await owner.post('/targets', { name: 'same three', baseUrl: `${site.url}/same` })).body.warnings).toEqual([]);
  });

  it('does not follow redirects when verifying', async () => {
    const redirecting = await startLoopbackServer(() => ({ status: 302, delayMs: 0, headers: { location: `${site.url}${VERIFICATION_PATH}` } }));
    try {
      const target = (await owner.post<TargetView>('/targets', { name: 'redirect', baseUrl: redirecting.url })).body;
      published = `${target.verification.value}\n`;
      const before = site.counts.get(`GET ${VERIFICATION_PATH}`) ?? 0;
      const check = await owner.post(`/targets/${target.id}/verify`, { method: 'http' });
      expect(check.status).toBe(422);
      expect(check.body.error.message).toContain('answered 302 (redirects are not followed)');
      expect(site.counts.get(`GET ${VERIFICATION_PATH}`) ?? 0).toBe(before);
    } finally {
      await redirecting.close();
    }
  });

  it('seals plaintext headers of targets written before encryption when the API starts', async () => {
    const target = (await owner.post<TargetView>('/targets', { name: 'legacy', baseUrl: site.url })).body;
    await stack.db.query(`UPDATE "Target" SET secrets = NULL, "headerNames" = '{}', headers = '{"Authorization":"Bearer legacy-tok"}' WHERE id = $1`, [
      target.id,
    ]);
    await stack.restartApi();
    const [row] = await stack.db.query<{ headers: unknown; secrets: string }>('SELECT headers, secrets FROM "Target" WHERE id = $1', [target.id]);
    expect(row!.headers).toEqual({});
    expect(row!.secrets).toMatch(/^v1:/);
    expect(row!.secrets).not.toContain('legacy-tok');
    expect((await owner.get<TargetView>(`/targets/${target.id}`)).body.headerNames).toEqual(['Authorization']);
  });
});
