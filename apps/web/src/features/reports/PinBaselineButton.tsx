import { useEffect, useId, useRef, useState } from 'react';
import type { RunView } from '@loadline/shared';
import { errorMessage } from '../../components/States';
import { pinWarning } from './baseline-pin';
import { usePinBaseline } from './hooks';

/**
 * "Make this run the baseline": pins at once for a passed run; for an INCONCLUSIVE (or failed)
 * run it first says why that is doubtful and asks, in place. A failure (the API refused, or
 * could not be reached) is said in words beside the button, never swallowed.
 */
export function PinBaselineButton({ runId, planId, verdict }: { runId: string; planId: string; verdict: RunView['verdict'] | undefined }) {
  const pin = usePinBaseline(planId);
  const [confirming, setConfirming] = useState(false);
  const warning = pinWarning(verdict);
  const questionId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Back from the question, focus returns to the button that opened it.
  useEffect(() => {
    if (wasConfirming.current && !confirming) trigger.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const doPin = () => {
    setConfirming(false);
    pin.mutate(runId);
  };

  return (
    <div className="stack stack--tight">
      {confirming && warning ? (
        <div
          className="alert alert--warning"
          role="alertdialog"
          aria-labelledby={questionId}
          data-testid="baseline-pin-confirm"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setConfirming(false);
          }}
        >
          <p className="alert__title" id={questionId}>
            Make this {verdict === 'INCONCLUSIVE' ? 'INCONCLUSIVE' : 'failed'} run the baseline?
          </p>
          <p data-testid="baseline-pin-warning">{warning}</p>
          <div className="button-row">
            <button type="button" className="button button--primary button--small" autoFocus onClick={doPin}>
              Pin it anyway
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button
            ref={trigger}
            type="button"
            className="button button--secondary"
            data-testid="baseline-pin"
            disabled={pin.isPending}
            onClick={() => (warning ? setConfirming(true) : doPin())}
          >
            {pin.isPending ? 'Pinning…' : pin.isSuccess ? 'Pinned as the baseline' : 'Make this run the baseline'}
          </button>
        </div>
      )}
      {pin.isError ? (
        <p className="text-danger small" role="alert" data-testid="baseline-pin-error">
          Could not make this run the baseline: {errorMessage(pin.error)}
        </p>
      ) : null}
    </div>
  );
}
