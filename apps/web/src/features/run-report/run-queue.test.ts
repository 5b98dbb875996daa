import { describe, expect, it } from 'vitest';
import { describeRunQueue, type RunQueueView } from '@loadline/shared';
import { currentQueue, queueModel, secondsUntil } from './run-queue';

function queue(patch: Partial<Omit<RunQueueView, 'message'>> = {}): RunQueueView {
  const view = { state: 'waiting' as const, runnersNeeded: 3, runnersFree: 1, runnersOnline: 1, runsAhead: 0, giveUpAt: null, ...patch };
  return { ...view, message: describeRunQueue(view) };
}

describe('currentQueue', () => {
  const polled = queue({ runnersFree: 0 });
  const streamed = queue({ runnersFree: 1 });

  it('prefers the progress event, falls back to the polled run', () => {
    expect(currentQueue({ status: 'QUEUED', queue: polled }, { status: 'QUEUED', queue: streamed })).toBe(streamed);
    expect(currentQueue({ status: 'QUEUED', queue: polled }, { status: 'QUEUED', queue: null })).toBe(polled);
    expect(currentQueue({ status: 'STARTING', queue: polled }, null)).toBe(polled);
  });

  it('is gone once the load began, whichever says so first', () => {
    expect(currentQueue({ status: 'RUNNING', queue: polled }, null)).toBeNull();
    expect(currentQueue({ status: 'STARTING', queue: polled }, { status: 'RUNNING', queue: null })).toBeNull();
    expect(currentQueue({ status: 'ERRORED', queue: polled }, { status: 'QUEUED', queue: streamed })).toBeNull();
  });
});

describe('secondsUntil', () => {
  const now = new Date('2026-11-23T20:40:00.000Z');
  it('counts whole seconds up, never below zero', () => {
    expect(secondsUntil('2026-11-23T20:41:07.000Z', now)).toBe(67);
    expect(secondsUntil('2026-11-23T20:40:00.200Z', now)).toBe(1);
    expect(secondsUntil('2026-11-23T20:39:00.000Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBeNull();
    expect(secondsUntil('soon', now)).toBeNull();
  });
});

describe('queueModel', () => {
  const now = new Date('2026-11-23T20:36:02.000Z');

  it('says what the run waits for, how many runs are ahead and when it gives up', () => {
    const model = queueModel(queue({ runsAhead: 2, giveUpAt: '2026-11-23T20:41:07.000Z' }), now);
    expect(model).toEqual({
      title: 'Waiting for 3 runners',
      message: 'Waiting for 3 runners, 1 free, 1 online; 2 runs ahead; gives up at 20:41:07 UTC unless more runners come online',
      ahead: '2 runs ahead',
      giveUp: 'in 5 min 5 s (at 20:41:07 UTC)',
    });
  });

  it('is next in line without a countdown while runners suffice', () => {
    expect(queueModel(queue({ runnersNeeded: 1, runsAhead: 0 }), now)).toMatchObject({ title: 'Waiting for 1 runner', ahead: 'next in line', giveUp: null });
  });

  it('gives up "any moment now" once the moment has passed', () => {
    expect(queueModel(queue({ giveUpAt: '2026-11-23T20:36:00.000Z' }), now).giveUp).toBe('any moment now');
  });

  it('once runners are reserved, says so and nothing about the line', () => {
    expect(queueModel(queue({ state: 'starting', giveUpAt: '2026-11-23T20:41:07.000Z' }), now)).toEqual({
      title: 'Starting: 3 runners reserved',
      message: 'Starting: 3 runners reserved, k6 getting ready',
      ahead: null,
      giveUp: null,
    });
  });
});
