import { useEffect, useId, useRef, useState } from 'react';

interface ConfirmButtonProps {
  /** The button's text, e.g. "Revoke". */
  label: string;
  /** Its accessible name when the text alone is ambiguous in a list ("Revoke key ci"). */
  ariaLabel?: string;
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  pendingLabel?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * A destructive action with a second step in place (no modal): the question and the confirm
 * button take the button's spot, focus moves to the confirm button, Escape or "Cancel" go back.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  question,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  pendingLabel,
  disabled = false,
  testId,
}: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Back from the question, focus returns to the button that opened it rather than to <body>.
  useEffect(() => {
    if (wasConfirming.current && !confirming) trigger.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (confirming) {
    return (
      <div
        className="confirm"
        role="group"
        aria-labelledby={questionId}
        data-testid={testId ? `${testId}-confirm` : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setConfirming(false);
        }}
      >
        <p className="confirm__question" id={questionId}>
          {question}
        </p>
        <div className="confirm__actions">
          <button
            type="button"
            className="button button--danger button--small"
            autoFocus
            onClick={() => {
              setConfirming(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(false)}>
            {cancelLabel}
          </button>
        </div>
      </div>
    );
  }
  return (
    <button
      ref={trigger}
      type="button"
      className="button button--danger-outline button--small"
      aria-label={ariaLabel}
      disabled={disabled || pending}
      onClick={() => setConfirming(true)}
      data-testid={testId}
    >
      {pending ? (pendingLabel ?? `${label}…`) : label}
    </button>
  );
}
