import type { RunStatus } from '@loadline/shared';
import { PROGRESS_STEPS, STATUS_LABEL, STATUS_TONE, progressIndex } from '../run-report';

/** QUEUED -> STARTING -> RUNNING -> FINISHING -> outcome, as an ordered list of steps. */
export function RunProgress({ status }: { status: RunStatus }) {
  const current = progressIndex(status);
  const finished = current >= PROGRESS_STEPS.length;
  return (
    <ol className="progress" aria-label="Run progress">
      {PROGRESS_STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step} className={`progress__step progress__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="progress__marker" aria-hidden="true" />
            <span className="progress__label">{STATUS_LABEL[step]}</span>
          </li>
        );
      })}
      <li
        className={`progress__step progress__step--${finished ? `outcome progress__step--${STATUS_TONE[status]}` : 'todo'}`}
        aria-current={finished ? 'step' : undefined}
      >
        <span className="progress__marker" aria-hidden="true" />
        <span className="progress__label">{finished ? STATUS_LABEL[status] : 'Verdict'}</span>
      </li>
    </ol>
  );
}
