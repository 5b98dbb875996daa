import { describe, expect, it } from 'vitest';
import { decideLine, decideReservation, type DispatchSettings, type WaitingRun } from './dispatch-policy.js';

const settings: DispatchSettings = { runnerWaitMs: 180_000, queueTimeoutMs: 3_600_000, readyTimeoutMs: 120_000, maxReleases: 3 };
const now = 10_000_000;
const run = (runId: string, segments: number, overrides: Partial<WaitingRun> = {}): WaitingRun => ({
  runId,
  segments,
  queuedAt: now - 1_000,
  shortSince: null,
  ...overrides,
});
const actions = (decisions: ReturnType<typeof decideLine>) =>
  decisions.map((decision) => `${decision.runId}:${decision.action}${decision.action === 'wait' && decision.short ? '(short)' : ''}`);

describe('decideLine', () => {
  it('gives free runners to the oldest runs that fit, all of a run at once', () => {
    expect(actions(decideLine([run('a', 2), run('b', 1), run('c', 1)], { online: 4, free: 3 }, now, settings))).toEqual(['a:reserve', 'b:reserve', 'c:wait']);
  });

  it('lets no smaller run overtake one that waits for busy runners, so big runs are not starved', () => {
    expect(actions(decideLine([run('big', 3), run('small', 1)], { online: 3, free: 2 }, now, settings))).toEqual(['big:wait', 'small:wait']);
  });

  it('does not let a run that needs more runners than are online block the line', () => {
    expect(actions(decideLine([run('huge', 5), run('small', 1)], { online: 3, free: 1 }, now, settings))).toEqual(['huge:wait(short)', 'small:reserve']);
  });

  it('ends a run NOT_ENOUGH_RUNNERS once runners have been short for the wait, saying how many it needed', () => {
    const [decision] = decideLine([run('a', 3, { shortSince: now - 180_000 })], { online: 1, free: 1 }, now, settings);
    expect(decision).toMatchObject({ action: 'give-up', cause: { code: 'NOT_ENOUGH_RUNNERS' } });
    if (decision!.action !== 'give-up') throw new Error('unreachable');
    expect(decision!.cause.message).toContain('needs 3 runners at once');
    expect(decision!.cause.message).toContain('only 1 was online for 3 min');
    expect(decideLine([run('a', 3, { shortSince: now - 179_000 })], { online: 1, free: 1 }, now, settings)[0]!.action).toBe('wait');
  });

  it('bounds the wait behind busy runners too', () => {
    const [decision] = decideLine([run('a', 1, { queuedAt: now - 3_600_000 })], { online: 2, free: 0 }, now, settings);
    expect(decision).toMatchObject({
      action: 'give-up',
      cause: { code: 'NOT_ENOUGH_RUNNERS', message: expect.stringContaining('waited 60 min for 1 free runner') },
    });
  });
});

describe('decideReservation', () => {
  const reservation = { runId: 'r', runners: ['x', 'y'], reservedAt: now - 5_000, releases: 0 };
  const alive = (...ids: string[]) => new Map(['x', 'y'].map((id) => [id, ids.includes(id)]));

  it('keeps a reservation whose runners live and are within the ready time', () => {
    expect(decideReservation(reservation, alive('x', 'y'), now, settings)).toEqual({ action: 'keep' });
  });

  it('gives a reservation up when a reserved runner died before the start, naming it', () => {
    expect(decideReservation(reservation, alive('x'), now, settings)).toMatchObject({
      action: 'release',
      deadRunners: ['y'],
      why: expect.stringContaining('runner y stopped responding'),
    });
  });

  it('gives it up when k6 was not ready in time, and ends the run after the last try', () => {
    const late = { ...reservation, reservedAt: now - 120_000 };
    expect(decideReservation(late, alive('x', 'y'), now, settings)).toMatchObject({ action: 'release', deadRunners: [] });
    expect(decideReservation({ ...late, releases: 2 }, alive('x', 'y'), now, settings)).toMatchObject({
      action: 'give-up',
      cause: { code: 'RUNNERS_NOT_READY', message: expect.stringContaining('3 attempts') },
    });
    const lost = decideReservation({ ...reservation, releases: 2 }, alive('x'), now, settings);
    expect(lost).toMatchObject({ action: 'give-up', cause: { message: expect.stringContaining('1 reserved runner stopped responding') } });
    // Runner names stay out of the run's error: reports can be shared publicly.
    if (lost.action === 'give-up') expect(lost.cause.message).not.toMatch(/\by\b/);
  });
});
