import { describe, expect, it } from 'vitest';
import { cronShortestGapSeconds } from './schedules.js';

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
