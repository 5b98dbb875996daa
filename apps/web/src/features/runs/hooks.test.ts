import { describe, expect, it } from 'vitest';
import { runPollInterval, RUN_POLL_MS } from './hooks';

describe('runPollInterval', () => {
  it('polls every second until the run is terminal', () => {
    expect(runPollInterval(undefined)).toBe(RUN_POLL_MS);
    for (const status of ['QUEUED', 'STARTING', 'RUNNING', 'FINISHING'] as const) {
      expect(runPollInterval({ status })).toBe(1000);
    }
    for (const status of ['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'] as const) {
      expect(runPollInterval({ status })).toBe(false);
    }
  });
});
