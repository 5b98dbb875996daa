import { planSpecSchema, type RunExecutePayload } from '@loadline/shared';
import { sealJobSecrets, type Job, type TypedProducer } from '@loadline/shared/queue';
import { TEST_RUNNER_KEY } from '@loadline/shared/testing';

/** A 30 s run of 20 requests a second on 1 VU, aimed at a loopback server the test started. */
export function loopbackRunJob(runId: string, baseUrl: string, planName: string): RunExecutePayload {
  return {
    runId,
    tenantId: 'tenant-1',
    planName,
    planVersion: 1,
    segment: { index: 0, count: 1 },
    spec: planSpecSchema.parse({
      load: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '30s', preAllocatedVUs: 1 },
      requests: [{ name: 'Root', path: '/' }],
    }),
    target: { baseUrl, secrets: sealJobSecrets(TEST_RUNNER_KEY, runId, { headers: {}, variables: {} }) },
    policy: { blacklistIPs: [], blockHostnames: [] },
    deadlineSeconds: 60,
  };
}

/** What the runner published for a run on the results queue, by job name (seconds in order). */
export async function publishedResults(results: TypedProducer<'results'>, runId: string) {
  const jobs = (await results.queue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'])) as Job[];
  const mine = jobs.filter((job) => job.data.runId === runId);
  return {
    started: mine.filter((job) => job.name === 'segment.started').map((job) => job.data.phase as string),
    seconds: mine
      .filter((job) => job.name === 'segment.second')
      .map((job) => job.data)
      .sort((a, b) => a.sample.t - b.sample.t),
    finished: mine.filter((job) => job.name === 'segment.finished').map((job) => job.data),
  };
}
