import { describe, expect, it } from 'vitest';
import { Memo } from '../common/memo.js';
import { finishedViewKey, segmentsStateKey } from './run-view.js';

describe('views of finished runs are built once', () => {
  const run = (status: string, finishedAt: Date | null, segments: Array<[string, Date | null]>) =>
    ({
      id: 'r1',
      status,
      finishedAt,
      runSegments: segments.map(([segmentStatus, at], index) => ({ index, status: segmentStatus, finishedAt: at })),
    }) as Parameters<typeof finishedViewKey>[0];

  it('caches only runs that have ended, under a key that moves when a late segment report lands', () => {
    const end = new Date('2026-11-24T03:00:00Z');
    expect(finishedViewKey(run('RUNNING', null, [['RUNNING', null]]))).toBeNull();
    expect(finishedViewKey(run('FINISHING', null, [['COMPLETED', end]]))).toBeNull();
    const ended = finishedViewKey(
      run('ERRORED', end, [
        ['COMPLETED', end],
        ['RUNNING', null],
      ]),
    );
    const late = finishedViewKey(
      run('ERRORED', end, [
        ['COMPLETED', end],
        ['ERRORED', new Date(end.getTime() + 5_000)],
      ]),
    );
    expect(ended).not.toBeNull();
    expect(late).not.toBe(ended);
  });

  it('keys a run alike whatever order its segments were read in (plain SQL and Prisma list them differently)', () => {
    const end = new Date('2026-11-24T03:00:00Z');
    const segments = [
      { index: 0, status: 'COMPLETED', finishedAt: end },
      { index: 1, status: 'ERRORED', finishedAt: new Date(end.getTime() + 5_000) },
    ];
    const key = (order: typeof segments) =>
      finishedViewKey({ id: 'r1', status: 'PASSED', finishedAt: end, runSegments: order } as Parameters<typeof finishedViewKey>[0]);
    expect(key([...segments].reverse())).toBe(key(segments));
  });

  it('builds each value once and forgets the oldest beyond its bound', () => {
    const memo = new Memo<number>(2);
    let builds = 0;
    const make = () => ++builds;
    expect([memo.get('a', make), memo.get('a', make), memo.get('b', make)]).toEqual([1, 1, 2]);
    memo.get('c', make); // 'a' goes
    expect(memo.peek('a')).toBeUndefined();
    expect(memo.get('b', make)).toBe(2);
    memo.delete('b');
    expect(memo.get('b', make)).toBe(4);
  });

  it("keys a run's digest by its segments' state alike from its rows and from its view, in any order", () => {
    const end = new Date('2026-11-24T03:00:00Z');
    const rows = [
      { index: 1, status: 'ERRORED', finishedAt: null },
      { index: 0, status: 'COMPLETED', finishedAt: end },
    ];
    const key = segmentsStateKey(rows);
    // The view carries the same state as ISO text, sorted by index.
    expect(segmentsStateKey([rows[1]!, rows[0]!].map((row) => ({ ...row, finishedAt: row.finishedAt?.toISOString() ?? null })))).toBe(key);
    // A segment's late report changes it.
    expect(segmentsStateKey([rows[0]!, { ...rows[1]!, finishedAt: new Date(end.getTime() + 5_000) }])).not.toBe(key);
  });
});
