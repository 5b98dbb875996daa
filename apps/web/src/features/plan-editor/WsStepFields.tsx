import { CheckboxField, TextAreaField, TextField } from '../../forms/Fields';
import { KvRowsEditor } from './KvRowsEditor';
import type { StepFieldsProps } from './HttpStepFields';
import { focus, patchById, removeById, type Update } from './editor-state';
import { newTextRow, type StepForm, type TextRow } from './model/form-types';

/** A WebSocket session: connect, send messages (awaiting replies), hold, check replies. */
export function WsStepFields({ at, step, errors, onStep }: StepFieldsProps) {
  const set = (patch: Partial<StepForm>) => onStep((current) => ({ ...current, ...patch }));
  const rowsOf = (key: 'messages' | 'replyContains', label: string, noun: string, at2: (i: number) => string) => {
    const onRows: Update<TextRow[]> = (fn) => onStep((current) => ({ ...current, [key]: fn(current[key]) }));
    return (
      <fieldset className="fieldset subsection">
        <legend className="fieldset__legend">{label}</legend>
        {step[key].map((row, i) => (
          <div className="kv-row kv-row--single" key={row.id} role="group" aria-label={`${noun} ${i + 1}`}>
            <TextAreaField
              path={at2(i)}
              label={`${noun} ${i + 1}`}
              rows={key === 'messages' ? 2 : 1}
              spellCheck={false}
              errors={errors}
              value={row.text}
              onValueChange={(text) => onRows((rows) => patchById(rows, row.id, (r) => ({ ...r, text })))}
            />
            <button
              type="button"
              className="button button--icon"
              aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
              onClick={() => onRows((rows) => removeById(rows, row.id))}
            >
              ×
            </button>
          </div>
        ))}
        <button type="button" className="button button--ghost button--small" onClick={() => onRows((rows) => [...rows, newTextRow()])}>
          + {noun}
        </button>
      </fieldset>
    );
  };
  return (
    <>
      <TextField
        path={`${at}.path`}
        label="Path"
        placeholder="/socket"
        spellCheck={false}
        errors={errors}
        value={step.path}
        onValueChange={(path) => set({ path })}
      />
      <div className="step-extras">
        <KvRowsEditor
          at={`${at}.query`}
          legend="Query parameters"
          noun="query parameter"
          keyLabel="Parameter"
          rows={step.query}
          errors={errors}
          onRows={focus(onStep, 'query')}
        />
        <KvRowsEditor
          at={`${at}.headers`}
          legend="Headers"
          noun="header"
          keyLabel="Header name"
          rows={step.headers}
          errors={errors}
          onRows={focus(onStep, 'headers')}
        />
      </div>
      {rowsOf('messages', 'Messages, sent in order', 'Message', (i) => `${at}.messages.${i}`)}
      <div className="grid grid--3">
        <CheckboxField
          path={`${at}.awaitReply`}
          label="Await a reply to each message"
          hint="each round trip is timed"
          errors={errors}
          checked={step.awaitReply}
          onCheckedChange={(awaitReply) => set({ awaitReply })}
        />
        <TextField
          path={`${at}.replyTimeout`}
          label="Reply timeout"
          placeholder="5s"
          errors={errors}
          value={step.replyTimeout}
          onValueChange={(replyTimeout) => set({ replyTimeout })}
        />
        <TextField
          path={`${at}.holdFor`}
          label="Hold the connection for"
          placeholder="0s"
          hint="after the last message"
          errors={errors}
          value={step.holdFor}
          onValueChange={(holdFor) => set({ holdFor })}
        />
      </div>
      {rowsOf('replyContains', 'Checks: a reply contains', 'Reply contains', (i) => `${at}.checks.${i}.value`)}
    </>
  );
}
