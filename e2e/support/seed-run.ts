import { apiCall, type ApiSession } from './setup.js';

/**
 * A finished run as a page-speed measurement needs one: many request names (rows of every
 * table, series of every chart) and many seconds (points of every chart), made by the real
 * platform (runner, k6, ingest, finalization) against a loopback target, through the public API.
 */

async function ok<T>(method: string, path: string, session: ApiSession, body?: unknown): Promise<T> {
  const answer = await apiCall<T>(method, path, session.token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} -> HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

/** A plan of `requestNames` GETs under constant VUs for `seconds`, with a latency and an error-rate threshold. */
export async function createWidePlanViaApi(session: ApiSession, name: string, targetId: string, requestNames: number, seconds: number): Promise<string> {
  const body = await ok<{ id: string }>('POST', '/plans', session, {
    name,
    targetId,
    load: { executor: 'constant-vus', vus: 2, duration: `${seconds}s` },
    requests: Array.from({ length: requestNames }, (_, i) => ({ name: `request-${String(i + 1).padStart(2, '0')}`, path: `/items/${i + 1}` })),
    thresholds: [
      { metric: 'latency', stat: 'p95', op: '<', value: 500 },
      { metric: 'error_rate', op: '<', value: 0.01 },
    ],
  });
  return body.id;
}

export async function startRunViaApi(session: ApiSession, planId: string): Promise<string> {
  const body = await ok<{ run: { id: string } }>('POST', `/plans/${planId}/runs`, session, {});
  return body.run.id;
}

/** Polls the run until its status is one of `statuses`; answers it. */
export async function waitForRunStatus(session: ApiSession, runId: string, statuses: readonly string[], timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await ok<{ status: string }>('GET', `/runs/${runId}`, session);
    if (statuses.includes(run.status)) return run.status;
    if (Date.now() > deadline) throw new Error(`run ${runId} is ${run.status}, not ${statuses.join('/')}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** A public link to the run's report. */
export async function shareRunViaApi(session: ApiSession, runId: string): Promise<string> {
  const body = await ok<{ url: string }>('POST', `/runs/${runId}/share-links`, session, {});
  return body.url;
}

/**
 * Proves ownership of a loopback target over HTTP (an unverified target runs at most 60 s):
 * the target is made to answer the verification value the API asks for, then verified.
 */
export async function verifyTargetViaApi(session: ApiSession, targetId: string, answer: (value: string) => void): Promise<void> {
  const target = await ok<{ verification: { value: string } }>('GET', `/targets/${targetId}`, session);
  answer(target.verification.value);
  const verified = await ok<{ verification: { verified: boolean } }>('POST', `/targets/${targetId}/verify`, session, { method: 'http' });
  if (!verified.verification.verified) throw new Error(`target ${targetId} was not verified: ${JSON.stringify(verified.verification)}`);
}
