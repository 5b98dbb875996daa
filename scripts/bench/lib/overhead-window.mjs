// The overhead benchmark's figures from two load generators that ran at the same time, each
// against its own "ok" server (pure: the servers' per-second counts in, rates out).
//
// Why at the same time: on a shared 2-core VM, the rate of one k6 run moves by +-10 % from one
// 30 s run to the next (CPU frequency, steal, the other processes), several times the cost
// being measured. Two generators pinned to one core share it fairly for the same seconds, so
// whatever the machine does to one it does to the other, and the ratio of their rates over
// the seconds both were at full load is what one costs against the other.

/**
 * A server's counts ({ startUnix, perSecond: [n0, n1, ...] } from GET /__bench/counts) as
 * requests per Unix second, for seconds from..to (inclusive).
 */
export function countsBySecond(counts, from, to) {
  const bySecond = new Map();
  for (let t = from; t <= to; t++) {
    const index = t - counts.startUnix;
    bySecond.set(t, index >= 0 && index < counts.perSecond.length ? counts.perSecond[index] : 0);
  }
  return bySecond;
}

/** First and last second with requests, or null when there were none. */
function activeSpan(bySecond) {
  let first = null;
  let last = null;
  for (const [t, n] of bySecond) {
    if (n > 0) {
      first ??= t;
      last = t;
    }
  }
  return first === null ? null : { first, last };
}

/**
 * Rates of sides a and b over the whole seconds both were at full load: from the later of the
 * two first seconds + 1 to the earlier of the two last seconds - 1 (a first or last second is
 * partial: its generator started or stopped within it). Throws when fewer than minSeconds
 * remain, as a ratio over one or two seconds is noise.
 */
export function pairedRates(a, b, { from, to, minSeconds = 3 }) {
  const sides = { a: countsBySecond(a, from, to), b: countsBySecond(b, from, to) };
  const spans = { a: activeSpan(sides.a), b: activeSpan(sides.b) };
  for (const side of ['a', 'b']) {
    if (!spans[side]) throw new Error(`side ${side}: its server counted no request between ${from} and ${to}`);
  }
  const windowFrom = Math.max(spans.a.first, spans.b.first) + 1;
  const windowTo = Math.min(spans.a.last, spans.b.last) - 1;
  const seconds = windowTo - windowFrom + 1;
  if (seconds < minSeconds) {
    throw new Error(
      `the two generators were at full load together for ${Math.max(seconds, 0)} s (a: ${spans.a.first}-${spans.a.last}, b: ${spans.b.first}-${spans.b.last}); at least ${minSeconds} s are needed`,
    );
  }
  const total = (bySecond) => {
    let n = 0;
    for (let t = windowFrom; t <= windowTo; t++) n += bySecond.get(t);
    return n;
  };
  const rateA = total(sides.a) / seconds;
  const rateB = total(sides.b) / seconds;
  return { window: { from: windowFrom, to: windowTo, seconds }, rateA, rateB, ratio: rateB / rateA };
}

/** Requests per CPU-second of the generator; null without a CPU figure. */
export const perCpuSecond = (requests, cpuSeconds) => (cpuSeconds > 0 ? requests / cpuSeconds : null);

/**
 * bash's `times` output: the shell's user and system time, then its children's (the k6 it
 * ran), e.g. "0m0.002s 0m0.001s\n0m5.920s 0m0.230s". Answers the children's CPU seconds.
 */
export function childCpuSecondsOfTimes(text) {
  const lines = text.trim().split('\n');
  const parse = (value) => {
    const match = /^(\d+)m([\d.]+)s$/.exec(value);
    if (!match) throw new Error(`unexpected bash "times" output: ${JSON.stringify(text)}`);
    return Number(match[1]) * 60 + Number(match[2]);
  };
  if (lines.length !== 2) throw new Error(`unexpected bash "times" output: ${JSON.stringify(text)}`);
  const [user, system] = lines[1].trim().split(/\s+/);
  return parse(user) + parse(system);
}
