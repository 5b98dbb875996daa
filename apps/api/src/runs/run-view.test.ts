import { describe, expect, it } from 'vitest';
import { Memo } from '../common/memo.js';
import { finishedViewKey } from './run-view.js';

describe('views of finished runs are built once', () => {
  const run = (status: string, finishedAt: Date | null, segments: Array<[string, Date | null]>) =>
    ({ id: 'r1', status, finishedAt, runSegments: segments.map(([segmentStatus, at]) => ({ status: segmentStatus, finishedAt: at })) }) as Parameters<
      typeof finishedViewKey
    >[0];

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
});
