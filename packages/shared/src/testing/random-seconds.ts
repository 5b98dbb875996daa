import { emptyHistogram, recordValue, type Histogram } from '../histogram.js';
import type { RequestSecond, SecondSample } from '../series.js';

// Random seconds for the tests of the stored forms (second-pack, second-block-pack): realistic
// histograms, deterministic by seed.

/** A deterministic generator (LCG), so a failing case can be replayed from its seed. */
export function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Latencies as k6 reports them: milliseconds with nanosecond digits, a log-normal body and a slow tail. */
export function latencies(random: () => number, n: number): Histogram {
  const histogram = emptyHistogram();
  for (let i = 0; i < n; i++) {
    const normal = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    const ms = Math.exp(0.2 + 0.6 * normal) * (random() < 0.01 ? 40 : 1);
    recordValue(histogram, Math.round(ms * 1e6) / 1e6);
  }
  if (random() < 0.2) recordValue(histogram, 0, 1 + Math.floor(random() * 3));
  return histogram;
}

/** A second of `names` request names (some with a second status), sizes, spans, checks and scenarios, as k6 could emit it. */
export function randomSecond(random: () => number, t: number, names: number): SecondSample {
  const requests: RequestSecond[] = [];
  for (let k = 0; k < names; k++) {
    for (const status of random() < 0.3 ? [200, 503] : [200]) {
      const latency = latencies(random, 1 + Math.floor(random() * 400));
      const row: RequestSecond = {
        name: `Get item ${k} ünï`,
        method: k % 3 ? 'GET' : 'POST',
        status,
        expected: status === 200,
        errorCode: status === 200 ? '' : '1503',
        scenario: k % 2 ? 'browse' : 'default',
        count: latency.count + (random() < 0.1 ? 2 : 0),
        latency,
        ...(random() < 0.8 ? { spanStartMs: t * 1000 + Math.round(random() * 5000) / 1000 - 2, spanEndMs: t * 1000 + 998.621 } : {}),
      };
      if (random() < 0.7) {
        const sizes = emptyHistogram();
        recordValue(sizes, 2 + Math.floor(random() * 3), latency.count);
        row.responseBytes = sizes;
      }
      requests.push(row);
    }
  }
  return {
    v: 1,
    t,
    requests,
    vus: Math.floor(random() * 50),
    vusMax: 50,
    iterations: Math.floor(random() * 9000),
    droppedIterations: Math.floor(random() * 3),
    bytesReceived: Math.floor(random() * 1e7),
    bytesSent: random() * 1e6,
    spanStartMs: t * 1000 - 2.394,
    spanEndMs: t * 1000 + 999.999999,
    checks: [{ name: 'status is 200', passes: 10, fails: 1 }],
    ...(random() < 0.5 ? { scenarioIterations: [{ name: 'browse', iterations: 3, droppedIterations: 0 }], messagesSent: 4, messagesReceived: 5 } : {}),
  };
}
