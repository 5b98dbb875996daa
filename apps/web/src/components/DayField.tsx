import { useEffect, useId, useRef, useState } from 'react';
import { formatDay, parseDay } from '../format/day-input';

interface DayFieldProps {
  label: string;
  /** YYYY-MM-DD, or '' for no day. */
  value: string;
  onChange: (day: string) => void;
  testId?: string;
}

/**
 * A day typed as the app writes it ("Nov 26, 2026"), not the browser's mm/dd/yyyy: read when
 * the field is left or Enter is pressed; a day it cannot read is said inline (and the filter
 * keeps its last day) until it is fixed.
 */
export function DayField({ label, value, onChange, testId }: DayFieldProps) {
  const [draft, setDraft] = useState(formatDay(value));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // The day this field last handed out: when it comes back as `value` (the address bar catching
  // up), what is typed by then stays.
  const committed = useRef(value);
  // A day set from elsewhere (a reset, the address bar) replaces what is shown.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(formatDay(value));
    setError(null);
  }, [value]);

  const commit = () => {
    const day = parseDay(draft);
    if (day === null) {
      setError('Write a day like Nov 26, 2026');
      return;
    }
    setError(null);
    setDraft(formatDay(day));
    committed.current = day;
    if (day !== value) onChange(day);
  };

  return (
    <span className="day-field">
      <label className="field field--inline">
        <span className="field__label">{label}</span>
        <input
          className="input input--small day-field__input"
          value={draft}
          placeholder="e.g. Nov 26, 2026"
          inputMode="text"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error && parseDay(event.target.value) !== null) setError(null);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
          data-testid={testId}
        />
      </label>
      {error ? (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
