import { describe, expect, it } from 'vitest';
import { readFailureFindings } from './read-failures.js';
import { viewOf } from './series.js';
import { catalog, findingsInput, seconds, series, type Reading } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const run = (input: TelemetryFindingsInput) => readFailureFindings(input, input.sources.map(viewOf));

describe('read failures', () => {
  it('says per source how many seconds failed and why, in words', () => {
    const input = findingsInput(60, {
      sources: [
        // Refused from 30 s to 41 s: 12 of 60 s.
        {
          catalog: catalog('worker', [series('up')]),
          seconds: seconds('worker', 0, 59, (offset): Reading => (offset >= 30 && offset < 42 ? { error: 'REFUSED' } : { up: 1 })),
        },
        {
          catalog: catalog('prom', [series('cpu')], { kind: 'promql' }),
          seconds: seconds('prom', 0, 59, (offset): Reading => (offset < 3 ? { error: 'TIMEOUT' } : offset === 50 ? { error: 'BAD_STATUS' } : { cpu: 1 })),
        },
        { catalog: catalog('big', [series('x')]), seconds: seconds('big', 0, 9, (): Reading => ({ error: 'TOO_LARGE' })) },
        { catalog: catalog('fine', [series('x')]), seconds: seconds('fine', 0, 59, () => ({ x: 1 })) },
      ],
    });
    // The fixture's runner message is "read failed: BAD_STATUS": no status to quote.
    input.sources[1]!.seconds[50]!.error!.message = 'HTTP 503 from http://127.0.0.1:9090/api/v1/query_range?token=s3cret';
    const [worker, prom, big, ...rest] = run(input);
    expect(rest).toEqual([]);
    expect(worker).toMatchObject({
      code: 'TELEMETRY_READ_FAILED',
      severity: 'warning',
      source: 'worker',
      atSeconds: 30,
      evidence: { failedSeconds: 12, seconds: 60, REFUSED: 12 },
    });
    expect(worker!.message).toBe('Scrape of worker failed 12 of 60 s: connection refused.');
    expect(prom!.message).toBe('Query of prom failed 4 of 60 s: no answer within its timeout (3 s), answered HTTP 503 (1 s).');
    expect(JSON.stringify(prom)).not.toContain('s3cret');
    expect(big!.message).toBe('Scrape of big failed 10 of 10 s: answer larger than allowed; nothing was read from it.');
  });
});
