import { useEffect, useState } from 'react';
import { copyText } from './clipboard';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A small "Copy" button for a value shown on the page. Its name says what it copies ("Copy the
 * verification value"); once copied its text reads "Copied" and a polite live region says so,
 * so a screen reader hears the outcome as well as a sighted user sees it.
 */
export function CopyButton({ value, what, testId }: { value: string; what: string; testId?: string }) {
  const [state, setState] = useState<CopyState>('idle');

  // Back to "Copy" after a while, so a second copy (of a changed value) reads as new.
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 4_000);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <span className="copy-button">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={state === 'copied' ? `Copied ${what}` : `Copy ${what}`}
        onClick={() => void copyText(value).then((done) => setState(done ? 'copied' : 'failed'))}
        data-testid={testId}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      {/* The button already shows "Copied"; a failure needs its advice on screen too. */}
      <span className={state === 'failed' ? 'small' : 'sr-only'} role="status" aria-live="polite">
        {state === 'copied' ? `Copied ${what} to the clipboard.` : state === 'failed' ? 'Copying was not allowed here; select the text and copy it.' : ''}
      </span>
    </span>
  );
}
