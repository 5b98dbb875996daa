import { BASE_URL } from './env.js';

/**
 * Fails fast with a clear message when the stack is not up, instead of a browser timeout.
 * Waits a little, since scripts/test.sh may have just started it.
 */
export async function waitForApi(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE_URL}/api/v1/health`, { signal: AbortSignal.timeout(3_000) });
      // 503 is a degraded but answering API (e.g. no runner yet): the test itself will say more.
      if (response.ok || response.status === 503) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`The Loadline stack is not answering at ${BASE_URL}/api/v1/health (${last}). Start it first (scripts/test.sh does).`);
}
