// Tests of the overhead benchmark's paired figures (pure).
//   node --test scripts/bench/lib/overhead-window.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { childCpuSecondsOfTimes, countsBySecond, pairedRates, perCpuSecond } from './overhead-window.mjs';

const counts = (startUnix, perSecond) => ({ startUnix, perSecond });

test('rates are taken over the whole seconds both sides were at full load', () => {
  // a runs 100..112 (partial first and last), b starts a second later and stops a second later.
  const a = counts(95, [0, 0, 0, 0, 0, 400, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 600, 0, 0]);
  const b = counts(90, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 300, 900, 900, 900, 900, 900, 900, 900, 900, 900, 900, 900, 500, 0]);
  const { window, rateA, rateB, ratio } = pairedRates(a, b, { from: 99, to: 114 });
  // a: 100..112, b: 101..113 -> full together 102..111
  assert.deepEqual(window, { from: 102, to: 111, seconds: 10 });
  assert.equal(rateA, 1000);
  assert.equal(rateB, 900);
  assert.equal(ratio, 0.9);
});

test('seconds outside from..to are not read, and a server younger than the window counts zero before it started', () => {
  const bySecond = countsBySecond(counts(10, [5, 6, 7]), 8, 13);
  assert.deepEqual(
    [...bySecond.entries()],
    [
      [8, 0],
      [9, 0],
      [10, 5],
      [11, 6],
      [12, 7],
      [13, 0],
    ],
  );
});

test('too short an overlap, or a side without requests, is refused with the reason', () => {
  const a = counts(100, [10, 10, 10, 10, 10]);
  const b = counts(100, [0, 0, 0, 10, 10]);
  assert.throws(() => pairedRates(a, b, { from: 100, to: 104 }), /full load together for 0 s/);
  assert.throws(() => pairedRates(a, counts(100, [0, 0]), { from: 100, to: 104 }), /side b: its server counted no request/);
});

test("bash times output gives the children's CPU seconds", () => {
  assert.equal(childCpuSecondsOfTimes('0m0.002s 0m0.001s\n0m5.920s 0m0.230s\n'), 6.15);
  assert.equal(childCpuSecondsOfTimes('0m0.002s 0m0.001s\n1m2.500s 0m0.500s'), 63);
  assert.throws(() => childCpuSecondsOfTimes('garbage'), /unexpected bash "times" output/);
  assert.equal(perCpuSecond(100, 0), null);
  assert.equal(perCpuSecond(100, 4), 25);
});
