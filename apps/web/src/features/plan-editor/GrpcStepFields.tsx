import { TextAreaField, TextField } from '../../forms/Fields';
import { KvRowsEditor } from './KvRowsEditor';
import type { StepFieldsProps } from './HttpStepFields';
import { parseJson } from './model/to-spec';
import { focus } from './editor-state';
import type { StepForm } from './model/form-types';

/** A unary gRPC call: package.Service/Method with a JSON message. */
export function GrpcStepFields({ at, step, errors, onStep }: StepFieldsProps) {
  const set = (patch: Partial<StepForm>) => onStep((current) => ({ ...current, ...patch }));
  const liveJson = !errors[`${at}.message`] ? parseJson(step.message).error : undefined;
  return (
    <>
      <div className="grid grid--request-line">
        <TextField
          path={`${at}.method`}
          label="Method"
          placeholder="shop.Catalog/GetItem"
          hint="package.Service/Method"
          spellCheck={false}
          errors={errors}
          value={step.grpcMethod}
          onValueChange={(grpcMethod) => set({ grpcMethod })}
        />
        <TextField
          path={`${at}.expectCodes`}
          label="Expected codes"
          placeholder="OK"
          hint="names or numbers: OK, NOT_FOUND"
          errors={errors}
          value={step.expectCodes}
          onValueChange={(expectCodes) => set({ expectCodes })}
        />
        <TextField
          path={`${at}.timeout`}
          label="Timeout"
          placeholder="10s"
          errors={errors}
          value={step.timeout}
          onValueChange={(timeout) => set({ timeout })}
        />
      </div>
      <TextAreaField
        path={`${at}.message`}
        label="Message (JSON)"
        rows={Math.min(10, Math.max(3, step.message.split('\n').length))}
        spellCheck={false}
        hint={liveJson ? <span className="text-warning">{liveJson}</span> : 'The request message as JSON; {{name}} works inside strings.'}
        errors={errors}
        value={step.message}
        onValueChange={(message) => set({ message })}
      />
      <KvRowsEditor
        at={`${at}.metadata`}
        legend="Metadata"
        noun="metadata entry"
        keyLabel="Key"
        keyPlaceholder="authorization"
        rows={step.metadata}
        errors={errors}
        onRows={focus(onStep, 'metadata')}
      />
    </>
  );
}
