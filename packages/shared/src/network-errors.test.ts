import { describe, expect, it } from 'vitest';
import { networkErrorInWords } from './network-errors.js';

describe('networkErrorInWords', () => {
  it('says a refused connection and where, from the error fields', () => {
    expect(networkErrorInWords({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9', address: '127.0.0.1', port: 9 })).toBe(
      'connection refused by 127.0.0.1:9',
    );
  });

  it('reads the message Node wrote, for text stored before', () => {
    expect(networkErrorInWords('connect ECONNREFUSED 127.0.0.1:9')).toBe('connection refused by 127.0.0.1:9');
    expect(networkErrorInWords('connect ECONNREFUSED ::1:8080')).toBe('connection refused by ::1:8080');
    expect(networkErrorInWords('getaddrinfo ENOTFOUND hooks.example.invalid')).toBe('hooks.example.invalid has no DNS address');
    expect(networkErrorInWords('read ECONNRESET')).toBe('connection reset by the other end');
    expect(networkErrorInWords('connect ETIMEDOUT 192.0.2.1:443')).toBe('no answer from 192.0.2.1:443 (connection timed out)');
  });

  it('leaves what it does not know as it was', () => {
    expect(networkErrorInWords('no answer within 10 s')).toBe('no answer within 10 s');
    expect(networkErrorInWords({ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' })).toBe('certificate has expired');
  });
});
