import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEMETRY_LIMITS } from '@loadline/shared';
import { BodyBuffer, readSource, type ReadTarget } from './http-read.js';
import {
  refusingPort,
  startAnsweringSource,
  startHugeSource,
  startServiceMetrics,
  type ControlledServer,
  type ServiceMetrics,
} from '../test/metric-sources.js';

/**
 * One read of a metric source, against loopback servers the test starts: where it connects
 * (only the pinned addresses), with which credentials, and each bound reported in words.
 */
describe('readSource', () => {
  const token = 'tm-secret-token-9f3a';
  let service: ServiceMetrics;
  let open: ServiceMetrics;
  const started: ControlledServer[] = [];

  beforeAll(async () => {
    service = await startServiceMetrics({ inFlight: () => 0, coresPerRequest: 1, token });
    open = await startServiceMetrics({ inFlight: () => 0, coresPerRequest: 1 });
  });
  afterAll(async () => {
    await service.close();
    await open.close();
    for (const server of started) await server.close();
  });

  const read = (target: Omit<ReadTarget, 'url'> & { url: string }) => readSource({ ...target, url: new URL(target.url) }, new BodyBuffer(1024));
  const text = (result: Awaited<ReturnType<typeof readSource>>) => (result.ok ? result.body.toString('utf8', 0, result.length) : '');

  it('reads a name at its pinned address without resolving it, with the bearer token', async () => {
    // .invalid never resolves (RFC 2606): an answer proves the pin was used, not DNS.
    const result = await read({ url: `http://metrics.loadline.invalid:${service.port}/metrics`, addresses: ['127.0.0.1'], auth: { type: 'bearer', token } });
    expect(result.ok).toBe(true);
    expect(text(result)).toContain('process_start_time_seconds');
    expect(service.authorizations.at(-1)).toBe(`Bearer ${token}`);
  });

  it('sends basic credentials, and a source that refuses them is a BAD_STATUS without the credentials in words', async () => {
    const result = await read({ url: `${service.url}/metrics`, addresses: ['127.0.0.1'], auth: { type: 'basic', username: 'scraper', password: 'pa55-word' } });
    expect(service.authorizations.at(-1)).toBe(`Basic ${Buffer.from('scraper:pa55-word').toString('base64')}`);
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_STATUS', message: `127.0.0.1:${service.port} answered HTTP 401` } });
    expect(JSON.stringify(result)).not.toContain('pa55-word');
  });

  it('moves on to the next pinned address when one refuses the connection', async () => {
    const before = open.requests();
    const result = await read({ url: `http://metrics.loadline.invalid:${open.port}/metrics`, addresses: ['127.0.0.9', '127.0.0.1'] });
    expect(result).toMatchObject({ ok: true, address: '127.0.0.1' });
    expect(open.requests()).toBe(before + 1);
  });

  it('does not connect to an address in the URL that was not pinned', async () => {
    const before = open.requests();
    const result = await read({ url: `${open.url}/metrics`, addresses: ['127.0.0.2'] });
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED', message: '127.0.0.1 is not among the addresses pinned for this source' } });
    expect(open.requests()).toBe(before);
  });

  it('reports a refused connection with the address it tried', async () => {
    const port = await refusingPort('127.0.0.9');
    const result = await read({ url: `http://127.0.0.9:${port}/metrics`, addresses: ['127.0.0.9'], auth: { type: 'bearer', token } });
    expect(result).toEqual({ ok: false, address: '127.0.0.9', error: { code: 'REFUSED', message: `connection refused at 127.0.0.9:${port}` } });
  });

  it('cuts a 50 MB answer off at the limit and does not keep reading it', async () => {
    const huge = await startHugeSource(50 * 1024 * 1024);
    started.push(huge);
    const body = new BodyBuffer(1024);
    const result = await readSource({ url: new URL(`${huge.url}/metrics`), addresses: ['127.0.0.1'] }, body);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', message: `127.0.0.1:${huge.port} answered more than 8 MB; the read was cut off there` },
    });
    // What was kept never passed the limit; the server was stopped well before its 50 MB.
    expect(body.buffer.length).toBeLessThanOrEqual(TELEMETRY_LIMITS.maxBodyBytes);
    expect(body.length).toBeLessThanOrEqual(TELEMETRY_LIMITS.maxBodyBytes);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(huge.written()).toBeLessThan(25 * 1024 * 1024);
  });

  it('does not read an answer that announces more than the limit', async () => {
    const announced = await startAnsweringSource({ status: 200, body: 'x'.repeat(4096), headers: { 'content-length': '4096' } });
    started.push(announced);
    const result = await readSource({ url: new URL(`${announced.url}/metrics`), addresses: ['127.0.0.1'], maxBodyBytes: 1024 }, new BodyBuffer(256));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', message: `127.0.0.1:${announced.port} announced 4 KB, above the 1 KB a read may take; not read` },
    });
  });

  it('does not follow a redirect to another loopback address, and says where it pointed', async () => {
    const elsewhere = await startServiceMetrics({ inFlight: () => 0, coresPerRequest: 1, host: '127.0.0.2' });
    const moved = await startAnsweringSource({ status: 302, location: `http://user:hunter2@127.0.0.2:${elsewhere.port}/metrics` });
    started.push(elsewhere, moved);
    const result = await read({ url: `${moved.url}/metrics`, addresses: ['127.0.0.1'], auth: { type: 'bearer', token } });
    expect(result).toEqual({
      ok: false,
      address: '127.0.0.1',
      error: {
        code: 'REDIRECT',
        message: `127.0.0.1:${moved.port} answered 302 redirecting to http://127.0.0.2:${elsewhere.port}/metrics; redirects are not followed`,
      },
    });
    expect(elsewhere.requests()).toBe(0);
  });

  it('gives up on a source slower than the time limit', async () => {
    const slow = await startAnsweringSource({ status: 200, delayMs: TELEMETRY_LIMITS.timeoutMs + 3_000 });
    started.push(slow);
    const result = await read({ url: `${slow.url}/metrics`, addresses: ['127.0.0.1'] });
    expect(result).toMatchObject({ ok: false, error: { code: 'TIMEOUT', message: `no complete answer from 127.0.0.1:${slow.port} within 2 s` } });
    expect(slow.requests()).toBe(1);
  });

  it('reuses its body buffer between reads', async () => {
    const body = new BodyBuffer(16);
    await readSource({ url: new URL(`${open.url}/metrics`), addresses: ['127.0.0.1'] }, body);
    const grown = body.buffer;
    const again = await readSource({ url: new URL(`${open.url}/metrics`), addresses: ['127.0.0.1'] }, body);
    expect(again.ok).toBe(true);
    expect(body.buffer).toBe(grown);
  });
});
