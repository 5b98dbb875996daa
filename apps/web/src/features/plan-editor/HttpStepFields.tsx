import { HTTP_METHODS } from '@loadline/shared';
import { SelectField, TextAreaField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { ChecksFields, CapturesFields } from './ChecksCapturesFields';
import { KvRowsEditor } from './KvRowsEditor';
import { parseJson } from './model/to-spec';
import { focus, type Update } from './editor-state';
import type { BodyKind, HttpMethod, StepForm } from './model/form-types';

const METHODS = HTTP_METHODS.map((method) => ({ value: method, label: method }));
const BODY_KINDS = [
  { value: 'none', label: 'No body' },
  { value: 'json', label: 'JSON' },
  { value: 'text', label: 'Text' },
  { value: 'form', label: 'Form fields' },
];

export interface StepFieldsProps {
  at: string;
  step: StepForm;
  errors: FieldErrors;
  onStep: Update<StepForm>;
}

export function HttpStepFields({ at, step, errors, onStep }: StepFieldsProps) {
  const set = (patch: Partial<StepForm>) => onStep((current) => ({ ...current, ...patch }));
  // JSON is checked as it is typed; the message becomes an error when the plan is saved.
  const liveJson = step.bodyKind === 'json' && !errors[`${at}.body.json`] ? parseJson(step.json).error : undefined;
  return (
    <>
      <div className="grid grid--request-line">
        <SelectField
          path={`${at}.method`}
          label="Method"
          errors={errors}
          value={step.method}
          options={METHODS}
          onValueChange={(method) => set({ method: method as HttpMethod })}
        />
        <TextField
          path={`${at}.path`}
          label="Path"
          placeholder="/orders/{{orderId}}"
          spellCheck={false}
          errors={errors}
          value={step.path}
          onValueChange={(path) => set({ path })}
        />
        <TextField
          path={`${at}.expect`}
          label="Expected statuses"
          placeholder="200, 201"
          hint="blank = any 2xx/3xx"
          errors={errors}
          value={step.expectedStatuses}
          onValueChange={(expectedStatuses) => set({ expectedStatuses })}
        />
      </div>
      <div className="step-extras">
        <KvRowsEditor
          at={`${at}.query`}
          legend="Query parameters"
          noun="query parameter"
          keyLabel="Parameter"
          keyPlaceholder="page"
          rows={step.query}
          errors={errors}
          onRows={focus(onStep, 'query')}
        />
        <KvRowsEditor
          at={`${at}.headers`}
          legend="Headers"
          noun="header"
          keyLabel="Header name"
          keyPlaceholder="Authorization"
          valuePlaceholder="Bearer {{token}}"
          rows={step.headers}
          errors={errors}
          onRows={focus(onStep, 'headers')}
        />
      </div>
      <div className="grid grid--body">
        <SelectField
          path={`${at}.body.kind`}
          label="Body"
          errors={errors}
          value={step.bodyKind}
          options={BODY_KINDS}
          onValueChange={(bodyKind) => set({ bodyKind: bodyKind as BodyKind })}
        />
        {step.bodyKind === 'text' ? (
          <TextField
            path={`${at}.body.contentType`}
            label="Content type (optional)"
            placeholder="text/plain"
            errors={errors}
            value={step.contentType}
            onValueChange={(contentType) => set({ contentType })}
          />
        ) : null}
      </div>
      {step.bodyKind === 'json' ? (
        <TextAreaField
          path={`${at}.body.json`}
          label="JSON body"
          rows={Math.min(12, Math.max(3, step.json.split('\n').length))}
          spellCheck={false}
          hint={liveJson ? <span className="text-warning">{liveJson}</span> : 'Sent as application/json. {{name}} works inside strings.'}
          errors={errors}
          value={step.json}
          onValueChange={(json) => set({ json })}
        />
      ) : null}
      {step.bodyKind === 'text' ? (
        <TextAreaField
          path={`${at}.body.text`}
          label="Text body"
          rows={3}
          spellCheck={false}
          errors={errors}
          value={step.text}
          onValueChange={(text) => set({ text })}
        />
      ) : null}
      {step.bodyKind === 'form' ? (
        <KvRowsEditor
          at={`${at}.body.fields`}
          legend="Form fields"
          noun="form field"
          keyLabel="Field"
          keyPlaceholder="username"
          rows={step.formFields}
          errors={errors}
          onRows={focus(onStep, 'formFields')}
          hint="Sent as application/x-www-form-urlencoded."
        />
      ) : null}
      <div className="step-extras">
        <ChecksFields at={at} checks={step.checks} errors={errors} onChecks={focus(onStep, 'checks')} />
        <CapturesFields at={at} captures={step.captures} errors={errors} onCaptures={focus(onStep, 'captures')} />
      </div>
    </>
  );
}
