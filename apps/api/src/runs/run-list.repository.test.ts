import { describe, expect, it } from 'vitest';
import { listFigures, runListStatement } from './run-list.repository.js';

describe('the statement of a page of runs', () => {
  it("filters by the tenant ($1) and each filter given, with the caller's values as parameters only", () => {
    const { text, params } = runListStatement(
      { planId: "p'1", status: 'PASSED', from: new Date('2026-11-01T00:00:00Z'), label: { key: 'branch', value: 'main' } },
      51,
      { createdAt: new Date('2026-11-20T10:00:00.123Z'), id: 'r9' },
    );
    expect(text).toContain('r."tenantId" = $1');
    expect(text).toContain('v."tenantId" = $1');
    expect(text).not.toContain("p'1");
    expect(params).toEqual(["p'1", 'PASSED', '2026-11-01T00:00:00.000Z', 'branch', 'main', '2026-11-20T10:00:00.123Z', 'r9', 51]);
    // Newest first, the cursor's run excluded (keyset), then the page size.
    expect(text).toMatch(
      /r\."createdAt" < \(\$7::timestamptz AT TIME ZONE 'UTC'\) OR \(r\."createdAt" = \(\$7::timestamptz AT TIME ZONE 'UTC'\) AND r\.id < \$8\)/,
    );
    expect(text).toMatch(/ORDER BY r\."createdAt" DESC, r\.id DESC\s+LIMIT \$9$/);
  });

  it('reads only the runs named, when asked', () => {
    const { text, params } = runListStatement({}, 2, undefined, { ids: ['a', 'b'] });
    expect(text).toContain('r.id = ANY($2::text[])');
    expect(params).toEqual([['a', 'b'], 2]);
  });
});

describe("a list row's figures", () => {
  const stored = { count: 1200, rps: 20, errorRate: 0.01, p50: 10, p95: 40, p99: null };

  it("are the whole run's stored figures, named as a list shows them", () => {
    expect(listFigures(stored)).toEqual({ requests: 1200, rps: 20, errorRate: 0.01, p50: 10, p95: 40, p99: null });
  });

  it('are none for a run that stored none, counted no request, or stored only some', () => {
    expect(listFigures(null)).toBeNull();
    expect(listFigures({ ...stored, count: 0 })).toBeNull();
    const { rps: _rps, ...partial } = stored;
    expect(listFigures(partial)).toBeNull();
  });
});
