import { describe, expect, it } from 'vitest';
import type { TargetView } from '@loadline/shared';
import { formatForFile } from './ImportPlanPage';
import { matchingTarget, sameBaseUrl } from './ImportResult';

describe('import helpers', () => {
  it('guesses the format from a file name', () => {
    expect(['api.yaml', 'api.YML', 'openapi.json', 'session.har', 'calls.sh', 'calls.txt', 'notes.md'].map(formatForFile)).toEqual([
      'openapi',
      'openapi',
      'openapi',
      'har',
      'curl',
      'curl',
      null,
    ]);
  });

  it('matches a target by scheme, host, port and path, ignoring a trailing slash', () => {
    expect(sameBaseUrl('http://127.0.0.1:8081/', 'http://127.0.0.1:8081')).toBe(true);
    expect(sameBaseUrl('http://127.0.0.1:8081/api', 'http://127.0.0.1:8081/api/')).toBe(true);
    expect(sameBaseUrl('https://127.0.0.1:8081', 'http://127.0.0.1:8081')).toBe(false);
    expect(sameBaseUrl('http://127.0.0.1:8082', 'http://127.0.0.1:8081')).toBe(false);
    expect(sameBaseUrl('not a url', 'http://x')).toBe(false);
    const targets = [
      { id: 'a', baseUrl: 'http://127.0.0.1:1' },
      { id: 'b', baseUrl: 'http://127.0.0.1:2/v1' },
    ] as TargetView[];
    expect(matchingTarget(targets, 'http://127.0.0.1:2/v1/')?.id).toBe('b');
    expect(matchingTarget(targets, null)).toBeUndefined();
  });
});
