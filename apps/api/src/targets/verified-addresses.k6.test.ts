import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_PATH, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { startLoopbackDnsServer, type LoopbackDnsServer } from '../test/dns-server.js';

/**
 * Verification proves the servers a name pointed at, not the name (issue 27, findings 6 and 7).
 * A test-only name, answered by a loopback DNS server (LOADLINE_DNS_SERVERS) and pointed at
 * loopback addresses only: 127.0.0.5 is the owner's server, which serves the verification
 * file; 127.0.0.6 stands for somebody else's, on the same port. Both count what they get.
 * Real API, runner and k6; nothing leaves the machine.
 */
describe('verification is bound to the addresses it saw; k6 resolves only its target', () => {
  let stack: TestStack;
  let client: ApiClient;
  let dns: LoopbackDnsServer;
  let ours: LoopbackServer;
  let theirs: LoopbackServer;
  let target: TargetView;
  let theirsServesToken = false;
  const name = `app-${randomBytes(3).toString('hex')}.loadline.test`;
  const secret = `tok-${randomBytes(8).toString('hex')}`;
  /** Requests other than verification's own: load. */
  const load = (server: LoopbackServer) => [...server.counts].filter(([key]) => !key.endsWith(VERIFICATION_PATH)).reduce((sum, [, n]) => sum + n, 0);

  beforeAll(async () => {
    dns = await startLoopbackDnsServer();
    ours = await startLoopbackServer(
      (req) => (req.url === VERIFICATION_PATH ? { status: 200, delayMs: 0, body: `${target.verification.value}\n` } : { status: 200, delayMs: 20 }),
      '127.0.0.5',
    );
    const port = Number(new URL(ours.url).port);
    theirs = await startLoopbackServer(
      (req) =>
        req.url === VERIFICATION_PATH
          ? theirsServesToken
            ? { status: 200, delayMs: 0, body: `${target.verification.value}\n` }
            : { status: 404, delayMs: 0 }
          : { status: 200, delayMs: 20 },
      '127.0.0.6',
      port,
    );
    dns.a.set(name, ['127.0.0.5']);
    stack = await startStack({
      label: 'verifiedaddr',
      env: { LOADLINE_UNVERIFIED_MAX_VUS: '3', LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS: '60', LOADLINE_DNS_SERVERS: dns.address },
    });
    client = (await stack.api.signup('verifiedaddr')).client;
    const created = await client.post<TargetView>('/targets', { name: 'app', baseUrl: `http://${name}:${port}`, headers: { 'X-Token': secret } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    target = created.body;
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all([ours?.close(), theirs?.close(), dns?.close()]);
  });

  const plan = async (label: string, vus: number) =>
    (
      await client.post<PlanView>('/plans', {
        name: label,
        targetId: target.id,
        load: { executor: 'constant-vus', vus, duration: '2s' },
        requests: [{ name: 'Get', path: '/work' }],
      })
    ).body;
  const run = async (planId: string) => client.post<{ run: RunView }>(`/plans/${planId}/runs`);

  it('refuses a run above the unverified limits once the verified name points elsewhere, caps one below, and re-checks the file there', async () => {
    const verified = await client.post<TargetView>(`/targets/${target.id}/verify`, { method: 'http' });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.verification).toMatchObject({ verified: true, method: 'http', addresses: ['127.0.0.5'] });
    const big = await plan('big', 8);
    const small = await plan('small', 2);

    const first = await run(big.id);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect((await client.waitForRun(first.body.run.id, 60_000)).status).toBe('PASSED');
    expect(ours.maxInFlight()).toBeGreaterThan(3);

    // The owner re-points the name at a server that never agreed to be loaded.
    dns.a.set(name, ['127.0.0.6']);
    const refused = await client.post(`/plans/${big.id}/runs`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.code).toBe('TARGET_UNVERIFIED');
    expect(refused.body.error.message).toContain(
      `it was verified when ${name}:${new URL(ours.url).port} resolved to 127.0.0.5, and it now resolves to 127.0.0.6`,
    );
    expect(refused.body.error.message).toContain('answered 404');
    expect(load(theirs)).toBe(0);

    // Below the limits it still runs, as for any unverified target: capped at the server.
    const capped = await run(small.id);
    expect(capped.status, JSON.stringify(capped.body)).toBe(202);
    expect((await client.waitForRun(capped.body.run.id, 60_000)).status).toBe('PASSED');
    expect(load(theirs)).toBeGreaterThan(0);
    expect(theirs.maxInFlight()).toBeLessThanOrEqual(2);

    // Once the server there serves the file too, the next run checks it and goes ahead.
    theirsServesToken = true;
    const again = await run(big.id);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect((await client.waitForRun(again.body.run.id, 60_000)).status).toBe('PASSED');
    expect((await client.get<TargetView>(`/targets/${target.id}`)).body.verification.addresses).toEqual(['127.0.0.6']);
    const audit = (await client.get('/audit?action=target.verified')).body.events;
    expect(audit[0]).toMatchObject({ details: { addresses: ['127.0.0.6'], movedFrom: ['127.0.0.5'] } });
  });

  it("answers k6's lookups of the target's name with the pinned address, and of no other name", async () => {
    // localhost is in the machine's /etc/hosts: outside the run's resolver it would resolve
    // (then be refused by address); inside, the lookup itself fails. No DNS query is sent.
    const source = `import http from 'k6/http';
export const options = { vus: 1, iterations: 1 };
export default function () {
  const other = http.get('http://localhost:${new URL(ours.url).port}/other', { timeout: '2s' });
  const own = http.get(__ENV.LOADLINE_BASE_URL + '/own');
  http.get(__ENV.LOADLINE_BASE_URL + '/report/' + encodeURIComponent(String(other.error)) + '/' + own.status);
}
`;
    const scripted = await client.post<PlanView>('/plans', { name: 'lookups', targetId: target.id, script: { source } });
    expect(scripted.status, JSON.stringify(scripted.body)).toBe(201);
    const asked = dns.questions.length;
    const started = await run(scripted.body.id);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const ended = await client.waitForRun(started.body.run.id, 60_000);
    expect(ended.status, JSON.stringify(ended.error)).not.toBe('ERRORED');
    // The name points at 127.0.0.6 now; the owner's server got none of this run.
    const reports = [...theirs.counts.keys()].filter((key) => key.startsWith('GET /report/'));
    expect(reports).toEqual([`GET /report/${encodeURIComponent('lookup: no such host')}/200`]);
    expect(theirs.counts.get('GET /own')).toBe(1);
    expect(ours.counts.get('GET /other') ?? 0).toBe(0);
    // The API resolved the target once for the run; k6 asked nothing.
    expect(dns.questions.slice(asked).every((question) => question.endsWith(` ${name}`))).toBe(true);
  });
});
