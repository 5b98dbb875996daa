import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** While the form's request is in flight: the button is disabled and says `pendingLabel`. */
  pending: boolean;
  /** "Creating…". */
  pendingLabel: string;
  /** Disabled for another reason too (nothing chosen yet). */
  disabled?: boolean;
  /** Defaults to the primary button. */
  className?: string;
  testId?: string;
  /** The label while idle, "Create API key". */
  children: ReactNode;
}

/**
 * A form's submit button that cannot send twice: disabled while the request runs, and saying
 * so ("Creating…") so the wait reads as progress rather than as a dead button.
 */
export function SubmitButton({ pending, pendingLabel, disabled, className = 'button button--primary', testId, children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} data-testid={testId}>
      {pending ? pendingLabel : children}
    </button>
  );
}
