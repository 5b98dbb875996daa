import { emptyHistogram, recordValue } from './histogram.js';
import type { RequestSecond, SecondSample } from './series.js';

/** Builds per-second samples for tests: `second(t, { Get: [[200, [1,2,3]]] })`. */
export function requestSecond(name: string, status: number, latencies: number[], expected = status > 0 && status < 400): RequestSecond {
  const latency = emptyHistogram();
  latencies.forEach((value) => recordValue(latency, value));
  return { name, method: 'GET', status, expected, errorCode: '', scenario: 'default', count: latencies.length, latency };
}

export function second(t: number, requests: RequestSecond[], extra: Partial<SecondSample> = {}): SecondSample {
  return {
    v: 1,
    t,
    requests,
    vus: 1,
    vusMax: 1,
    iterations: requests.reduce((sum, request) => sum + request.count, 0),
    droppedIterations: 0,
    bytesReceived: 0,
    bytesSent: 0,
    checks: [],
    ...extra,
  };
}

export const repeat = (value: number, times: number) => Array.from({ length: times }, () => value);
