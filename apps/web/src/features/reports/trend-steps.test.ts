import { describe, expect, it } from 'vitest';
import { noStepText } from './trend-steps';

const runs = (count: number, doubtful = 0) => Array.from({ length: count }, (_, index) => ({ doubtful: index < doubtful }));

describe('noStepText', () => {
  it('says one run is too few rather than that no step stands out', () => {
    expect(noStepText(runs(1), 6)).toBe(
      'One run so far: a step in p50, p95, p99, error rate or throughput can be told from run-to-run noise only with at least 6 runs (3 on each side of it).',
    );
    expect(noStepText(runs(4, 1), 6)).toMatch(/^3 runs so far \(1 doubtful run left out\): .* at least 6 runs/);
  });

  it('says nothing stands out once there are enough runs', () => {
    expect(noStepText(runs(6), 6)).toBe('No step in p50, p95, p99, error rate or throughput stands out from run-to-run noise.');
  });
});
