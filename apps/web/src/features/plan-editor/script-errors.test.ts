import { describe, expect, it } from 'vitest';
import { errorLineOf } from './ScriptSection';
import { schemeHint } from '../targets/SecretsEditor';

describe('custom script errors', () => {
  it('finds the line in k6’s error as the API words it on save and as k6 says it', () => {
    expect(errorLineOf('line 4:37: Unexpected token ;')).toBe(4);
    expect(errorLineOf('script.js: Line 12:3 Unexpected token')).toBe(12);
    expect(errorLineOf('no line here')).toBeNull();
    expect(errorLineOf(undefined)).toBeNull();
  });
});

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
