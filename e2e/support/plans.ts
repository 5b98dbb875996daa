/**
 * The two-phase plan the chart specs share: a "warm" phase of 1 VU, then a "peak" phase of
 * `peakVus`, each `phaseSeconds` long, one request each (so every report row belongs to one
 * phase) against /ping.
 */
export function warmThenPeakScenarios(phaseSeconds: number, peakVus: number) {
  return [
    { name: 'warm', load: { executor: 'constant-vus', vus: 1, duration: `${phaseSeconds}s` }, requests: [{ name: 'ping', path: '/ping' }], gracefulStop: '1s' },
    {
      name: 'peak',
      startTime: `${phaseSeconds}s`,
      load: { executor: 'constant-vus', vus: peakVus, duration: `${phaseSeconds}s` },
      requests: [{ name: 'peak ping', path: '/ping' }],
      gracefulStop: '1s',
    },
  ];
}
