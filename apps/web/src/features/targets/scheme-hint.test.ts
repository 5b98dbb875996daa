import { describe, expect, it } from 'vitest';
import { schemeHint } from './SecretsEditor';

describe('target scheme hint', () => {
  it('says what plans can do with each scheme, and which schemes exist', () => {
    expect(schemeHint('https://api.example.com')).toMatch(/^HTTPS target/);
    expect(schemeHint('wss://chat.example.com')).toMatch(/^WebSocket target \(TLS\)/);
    expect(schemeHint('grpc://127.0.0.1:50051')).toMatch(/plaintext HTTP\/2/);
    expect(schemeHint('grpcs://rpc.example.com')).toMatch(/\(TLS\)/);
    expect(schemeHint('ftp://x')).toMatch(/not a scheme Loadline can load/);
    expect(schemeHint('')).toMatch(/^http:\/\/, https:\/\//);
  });
});
