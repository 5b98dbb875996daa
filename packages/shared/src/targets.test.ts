import { describe, expect, it } from 'vitest';
import { normalizedBaseUrl, targetsWithBaseUrl } from './targets.js';

describe('targets with the same base URL', () => {
  it('reads a trailing slash, case of scheme and host, and the default port as the same URL', () => {
    expect(normalizedBaseUrl('HTTP://Api.Example.com:80/')).toBe('http://api.example.com');
    expect(normalizedBaseUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1');
    expect(normalizedBaseUrl('http://127.0.0.1:8081')).toBe('http://127.0.0.1:8081');
  });

  it('finds the others at the same URL, not the target itself and not another path or port', () => {
    const targets = [
      { id: 'a', baseUrl: 'http://127.0.0.1:8081' },
      { id: 'b', baseUrl: 'http://127.0.0.1:8081/' },
      { id: 'c', baseUrl: 'http://127.0.0.1:8082' },
      { id: 'd', baseUrl: 'http://127.0.0.1:8081/v2' },
    ];
    expect(targetsWithBaseUrl(targets, 'http://127.0.0.1:8081/').map((target) => target.id)).toEqual(['a', 'b']);
    expect(targetsWithBaseUrl(targets, 'http://127.0.0.1:8081', 'a').map((target) => target.id)).toEqual(['b']);
    expect(targetsWithBaseUrl(targets, 'http://127.0.0.1:9999')).toEqual([]);
  });
});
