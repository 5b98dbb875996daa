import { describe, expect, it } from 'vitest';
import type { LiveProgress, RunView, SeriesPoint } from '@loadline/shared';
import { liveFigures } from './LiveRunPanel';

const run = { startedAt: '2026-01-01T00:00:00Z', plannedSeconds: 30 } as RunView;
const point = (elapsed: number, count: number, errors: number): SeriesPoint => ({
  t: 1000 + elapsed,
  elapsed,
  vus: 4,
  rps: count,
  errors,
  errorRate: errors / count,
  p50: 1,
  p90: 2,
  p95: 3,
  p99: 4,
  requests: { a: { count, errors, p50: 1, p90: 2, p95: 3, p99: 4 } },
  droppedIterations: 0,
  generatorCpu: null,
});

describe('liveFigures', () => {
  it('takes everything from the progress event when there is one', () => {
    const progress = {
      elapsedSeconds: 12,
      remainingSeconds: 18,
      plannedSeconds: 30,
      vus: 5,
      rps: 100,
      p50: 1,
      p95: 2,
      p99: 3,
      errors: 1,
      errorRate: 0.01,
      requests: 1200,
    } as LiveProgress;
    expect(liveFigures(run, progress, [], new Date())).toMatchObject({ elapsed: 12, remaining: 18, requests: 1200, errors: 1 });
  });

  it('falls back to the clock and the series when polling', () => {
    const figures = liveFigures(run, null, [point(0, 100, 0), point(1, 50, 5)], new Date('2026-01-01T00:00:10Z'));
    expect(figures).toMatchObject({ elapsed: 10, remaining: 20, planned: 30, rps: 50, errors: 5, errorRate: 0.1, requests: 150, vus: 4 });
  });
});
