/**
 * The plan body of the design document (shared/DESIGN.md), as written there: one scenario
 * in the short form, `"script": null`, a JSON body given as a string. Clients copy it; the
 * API must take it as it is.
 */
export const designPlanBody = (targetId: string) => ({
  name: 'listings baseline',
  targetId,
  load: {
    executor: 'ramping-vus',
    stages: [
      { duration: '30s', target: 20 },
      { duration: '1m', target: 20 },
    ],
  },
  requests: [
    { name: 'GetListing', method: 'GET', path: '/listings/1', headers: {}, expect: { status: [200] }, weight: 3 },
    { name: 'Search', method: 'POST', path: '/search', body: '{"q":"x"}' },
  ],
  script: null,
  thresholds: [
    { metric: 'latency', stat: 'p95', request: 'GetListing', op: '<', value: 50 },
    { metric: 'error_rate', op: '<', value: 0.01 },
  ],
  segments: 1,
});
