import { describe, expect, it } from 'vitest';
import { cronShortestGapSeconds, nextFireTimes, previewFireTimes } from './schedules.js';

describe('cronShortestGapSeconds', () => {
  it('is a minute for crons that fire at most once a minute', () => {
    for (const cron of ['* * * * *', '*/5 * * * *', '@hourly', '0 * * * * *', '30 0 9 * * MON-FRI', '0 0 0 1 1 * 2030']) {
      expect(cronShortestGapSeconds(cron), cron).toBe(60);
    }
  });

  it('is the closest two seconds of a seconds field naming several, across the minute too', () => {
    for (const [cron, gap] of [
      ['* * * * * *', 1],
      ['*/10 * * * * *', 10],
      ['0,30 * * * * *', 30],
      ['0,45 * * * * *', 15],
      ['10-12 0 3 * * *', 1],
      ['59,0 * * * * *', 1],
      ['5,55 * * * * *', 10],
      ['* * * * * * 2099', 1],
    ] as const) {
      expect(cronShortestGapSeconds(cron), cron).toBe(gap);
    }
  });
});

describe('previewFireTimes', () => {
  const from = new Date('2026-03-27T12:00:00Z');

  it('lists the next slots in the schedule’s zone, across a daylight-saving change', () => {
    // Europe/Paris moves from UTC+1 to UTC+2 on Sunday 29 March 2026 at 02:00.
    const preview = previewFireTimes('30 9 * * *', 'Europe/Paris', 5, from);
    expect(preview).toEqual({
      ok: true,
      times: ['2026-03-28T08:30:00.000Z', '2026-03-29T07:30:00.000Z', '2026-03-30T07:30:00.000Z', '2026-03-31T07:30:00.000Z', '2026-04-01T07:30:00.000Z'].map(
        (iso) => new Date(iso),
      ),
    });
  });

  it('agrees with what the API lists for a saved schedule', () => {
    const preview = previewFireTimes('*/15 * * * *', 'America/New_York', 5, from);
    expect(preview.ok && preview.times).toEqual(nextFireTimes('*/15 * * * *', 'America/New_York', 5, from));
  });

  it('says which field is wrong instead of throwing', () => {
    expect(previewFireTimes('61 * * * *', 'UTC', 5, from)).toMatchObject({
      ok: false,
      field: 'cron',
      message: expect.stringMatching(/^not a valid cron expression/),
    });
    expect(previewFireTimes('', 'UTC', 5, from)).toMatchObject({ ok: false, field: 'cron' });
    expect(previewFireTimes('0 3 * * *', 'Mars/Olympus', 5, from)).toMatchObject({ ok: false, field: 'timezone' });
  });
});
