import { describe, expect, it } from 'vitest';
import type { ApiEnv } from '../config/env.js';
import { AddressGuard, bareHost } from './address-guard.js';

describe('AddressGuard (literal names and addresses only: nothing is resolved here)', () => {
  const guard = new AddressGuard({ LOADLINE_ALLOWED_NETWORKS: [], LOADLINE_DNS_SERVERS: [] } as unknown as ApiEnv);

  it('compares host names without case, brackets or the trailing dot of a fully qualified name', () => {
    expect(bareHost(new URL('http://Metadata.Google.Internal./x'))).toBe('metadata.google.internal');
    expect(bareHost(new URL('http://[::1]:8080/'))).toBe('::1');
  });

  it('refuses a metadata host name in any spelling before resolving it', async () => {
    for (const url of ['http://metadata.google.internal./', 'http://METADATA.GOOGLE.INTERNAL/', 'http://instance-data./latest']) {
      await expect(guard.assertAllowed(url), url).rejects.toMatchObject({ code: 'ADDRESS_NOT_ALLOWED' });
    }
  });

  it('refuses IPv6 literals that carry a refused IPv4 address', async () => {
    await expect(guard.assertAllowed('http://[64:ff9b::a9fe:a9fe]/')).rejects.toMatchObject({
      code: 'ADDRESS_NOT_ALLOWED',
      message: expect.stringContaining('(metadata)'),
    });
    await expect(guard.assertAllowed('http://[::a9fe:a9fe]/')).rejects.toMatchObject({ code: 'ADDRESS_NOT_ALLOWED' });
  });

  it("gives k6 the run's only name to resolve, pinned to its addresses; none for a target given by address", () => {
    const named = guard.k6Policy(['127.0.0.5', '::1'], 'http://App.Loadline.Test.:8080/x');
    expect(named.hosts).toEqual([{ name: 'app.loadline.test', addresses: ['127.0.0.5', '::1'] }]);
    expect(guard.k6Policy(['::1'], 'http://[::1]:8080/').hosts).toEqual([]);
    // Without a run's addresses (a script check's policy), no list: nothing is pinned.
    expect(guard.k6Policy().hosts).toBeUndefined();
  });
});
