/** A small valid plan body for POST /plans (2 VUs for 2 s, one GET, one threshold). */
export const validPlan = (targetId: string) => ({
  name: 'baseline',
  targetId,
  load: { executor: 'constant-vus', vus: 2, duration: '2s' },
  requests: [{ name: 'Get', path: '/' }],
  thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 100 }],
});
