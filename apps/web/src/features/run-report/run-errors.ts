/**
 * Why a run ended ERRORED, in words beside the API's code and message: what happened and what
 * to do about it. The message says what was seen (k6's own words, which runner); this says
 * what it means. Codes without an entry show the code and message alone.
 */
export interface RunErrorExplanation {
  title: string;
  /** What to do next; null when the message says it all. */
  advice: string | null;
}

export const RUN_ERROR_EXPLANATIONS: Readonly<Record<string, RunErrorExplanation>> = {
  NOT_ENOUGH_RUNNERS: {
    title: 'Not enough runners',
    advice:
      'Each segment needs a free runner of its own at the same moment; no request was sent. The plan editor’s “Runners (segments)” field shows how many runners are online and free.',
  },
  SEGMENT_LOST: {
    title: 'A runner stopped responding during the run',
    advice: 'Run it again; if it repeats, look at that runner’s logs and memory.',
  },
  RUNNERS_NOT_READY: {
    title: 'The runners could not get k6 ready',
    advice: 'Runners were reserved several times, but k6 did not get ready on all of them in time. Run it again; if it repeats, look at the runners’ logs.',
  },
  RUNNER_LOST: { title: 'The runner stopped responding during the run', advice: 'Run it again; if it repeats, look at the runner’s logs and memory.' },
  RUNNER_STOPPED: { title: 'The runner was shut down during the run', advice: null },
  SEGMENT_FAILED: { title: 'A segment of the run failed', advice: null },
  QUEUE_ENTRY_LOST: {
    title: 'The run lost its place in the queue and could not be queued again',
    advice: 'No request was sent. Start the run again; the message says why it could not be re-queued by itself.',
  },
  DEADLINE_EXCEEDED: { title: 'The run overran its deadline', advice: null },
  K6_FAILED: { title: 'k6 failed', advice: null },
  SCRIPT_ERROR: { title: 'The script failed before sending a request', advice: null },
  NO_REQUESTS: { title: 'No request was sent', advice: null },
  TARGET_UNREACHABLE: { title: 'The target did not answer', advice: 'Check that the target’s base URL is reachable from the runners.' },
};

export function explainRunError(code: string): RunErrorExplanation | null {
  return Object.prototype.hasOwnProperty.call(RUN_ERROR_EXPLANATIONS, code) ? RUN_ERROR_EXPLANATIONS[code]! : null;
}
