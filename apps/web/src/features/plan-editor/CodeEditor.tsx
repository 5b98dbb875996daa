import { useEffect, useRef, type KeyboardEvent } from 'react';
import { errorAt, fieldId, type FieldErrors } from '../../forms/field-errors';

interface CodeEditorProps {
  path: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  errors: FieldErrors;
  /** A line to mark (k6's error), 1-based. */
  errorLine?: number | null;
  hint?: string;
  rows?: number;
}

/**
 * A monospace <textarea> with line numbers: the gutter scrolls with the text, Tab inserts
 * two spaces (Escape then Tab leaves the editor, for keyboard users), and an error line is
 * marked in the gutter.
 */
export function CodeEditor({ path, label, value, onValueChange, errors, errorLine, hint, rows = 22 }: CodeEditorProps) {
  const id = fieldId(path);
  const error = errorAt(errors, path);
  const gutter = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const tabLeaves = useRef(false);
  const lines = value.split('\n').length;

  useEffect(() => {
    if (gutter.current && area.current) gutter.current.scrollTop = area.current.scrollTop;
  }, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      tabLeaves.current = true;
      return;
    }
    if (event.key !== 'Tab' || tabLeaves.current || event.shiftKey) {
      tabLeaves.current = false;
      return;
    }
    event.preventDefault();
    const target = event.currentTarget;
    const { selectionStart, selectionEnd } = target;
    const next = `${value.slice(0, selectionStart)}  ${value.slice(selectionEnd)}`;
    onValueChange(next);
    requestAnimationFrame(() => target.setSelectionRange(selectionStart + 2, selectionStart + 2));
  }

  return (
    <div className={`field code-editor${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="code-editor__frame">
        <div className="code-editor__gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lines }, (_, i) => (
            <div key={i} className={i + 1 === errorLine ? 'code-editor__line code-editor__line--error' : 'code-editor__line'}>
              {i + 1}
            </div>
          ))}
        </div>
        <textarea
          id={id}
          ref={area}
          className="code-editor__text"
          rows={rows}
          value={value}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          onChange={(event) => onValueChange(event.target.value)}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        />
      </div>
      {hint && !error ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Puts the caret at the start of `line` (1-based) and scrolls it into view. */
export function goToLine(path: string, line: number): void {
  const element = document.getElementById(fieldId(path));
  if (!(element instanceof HTMLTextAreaElement)) return;
  const lines = element.value.split('\n');
  const offset = lines.slice(0, Math.max(0, line - 1)).reduce((sum, text) => sum + text.length + 1, 0);
  element.focus();
  element.setSelectionRange(offset, offset + (lines[line - 1]?.length ?? 0));
  const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
  element.scrollTop = Math.max(0, (line - 3) * lineHeight);
}
