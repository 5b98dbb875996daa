import { describe, expect, it } from 'vitest';
import { ClockOffset } from './clock-offset.js';

describe('ClockOffset', () => {
  it('reads the offset from the sample with the shortest round trip', async () => {
    const clock = new ClockOffset();
    expect(clock.offset).toBe(0);
    // Redis runs 1,000 ms ahead; the first sample waited 40 ms for its answer, the second 2 ms.
    let local = 10_000;
    const now = () => local;
    await clock.sample(async () => {
      local += 40;
      return 11_030; // read 30 ms into a 40 ms round trip: estimate off by 10 ms
    }, now);
    expect(clock.offset).toBe(1_010);
    await clock.sample(async () => {
      local += 2;
      return local + 1_000 - 1;
    }, now);
    expect(clock.offset).toBe(1_000);
    expect(clock.toLocal(20_000)).toBe(19_000);
  });

  it('forgets old samples', () => {
    const clock = new ClockOffset(2);
    clock.add(50, 1);
    clock.add(10, 5);
    clock.add(20, 4);
    expect(clock.offset).toBe(20);
  });
});
