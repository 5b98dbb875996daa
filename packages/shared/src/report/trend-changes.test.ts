import { describe, expect, it } from 'vitest';
import { planTrendChanges, trendChanges } from './trend.js';

describe('trendChanges', () => {
  const point = (i: number, p95: number, doubtful = false) => ({
    runId: `r${i}`,
    createdAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
    planVersion: 1,
    status: 'PASSED' as const,
    verdict: 'PASS' as const,
    verdictChanged: false,
    doubtful,
    overall: { count: 1000, rps: 100, errorRate: 0, p50: p95 / 2, p95, p99: p95 * 1.2 },
    requests: {},
    telemetry: [],
    labels: {},
  });

  it('marks where p95 stepped up, with the runs either side, and takes no evidence from doubtful runs', () => {
    const noise = [0, 2, -1, 3, -2, 1, -3, 2, 0, -1, 1, -2];
    const points = [
      ...noise.map((n, i) => point(i, 100 + n)),
      point(12, 400, true), // a saturated generator: not evidence
      ...noise.slice(0, 6).map((n, i) => point(13 + i, 130 + n)),
    ];
    const changes = trendChanges(points).filter((change) => change.stat === 'p95');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ runId: 'r13', previousRunId: 'r11', regression: true });
    expect(changes[0]!.step).toBeCloseTo(0.3, 1);
    // The rate did not move: nothing to mark there.
    expect(trendChanges(points).filter((change) => change.stat === 'rps')).toEqual([]);
  });

  it("finds a request's own step, which the whole run (mostly other requests) does not show", () => {
    const noise = [0, 2, -1, 3, -2, 1, -3, 2, 0, -1, 1, -2];
    const withRequests = (i: number, search: number) => ({
      ...point(i, 100 + noise[i % noise.length]!),
      requests: {
        Home: { count: 900, rps: 90, errorRate: 0, p50: 40, p95: 100 + noise[(i + 3) % noise.length]!, p99: 120 },
        Search: { count: 100, rps: 10, errorRate: 0, p50: search / 2, p95: search, p99: search * 1.2 },
      },
    });
    const points = Array.from({ length: 18 }, (_, i) => withRequests(i, (i < 12 ? 200 : 260) + noise[(i + 5) % noise.length]!));
    const changes = planTrendChanges(points).filter((change) => change.stat === 'p95');
    expect(changes).toEqual([expect.objectContaining({ request: 'Search', runId: 'r12', previousRunId: 'r11', regression: true })]);
    expect(trendChanges(points).some((change) => change.stat === 'p95')).toBe(false);
  });
});
