import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface OneTimeSecretProps {
  title: string;
  /** What the value is and that it is not shown again. */
  children: ReactNode;
  value: string;
  /** Label of the read-only field holding the value. */
  label: string;
  onDone: () => void;
  doneLabel?: string;
  testId?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A value the API shows once (an API key's secret, an invite link): a read-only field to
 * select by hand, a Copy button, and a way to dismiss it once it is safe somewhere.
 */
export function OneTimeSecret({ title, children, value, label, onDone, doneLabel = 'Done', testId }: OneTimeSecretProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const inputId = useId();
  const box = useRef<HTMLDivElement>(null);

  // The box appears in place of the form that made it; moving focus there announces it.
  useEffect(() => {
    box.current?.focus();
  }, []);

  async function copyValue() {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): selecting lets Ctrl+C do it.
      document.getElementById(inputId)?.focus();
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopy('failed');
    }
  }

  return (
    <div className="secret" role="region" aria-label={title} tabIndex={-1} ref={box} data-testid={testId}>
      <p className="secret__title">{title}</p>
      <div className="secret__text">{children}</div>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="secret__row">
        <input
          id={inputId}
          className="input input--mono secret__value"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId ? `${testId}-value` : undefined}
        />
        <button type="button" className="button button--secondary" onClick={() => void copyValue()}>
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="secret__status small" aria-live="polite">
        {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'failed' ? 'Copying was not allowed here; the text is selected, press Ctrl+C (⌘C).' : ''}
      </p>
      <button type="button" className="button button--primary button--small" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
