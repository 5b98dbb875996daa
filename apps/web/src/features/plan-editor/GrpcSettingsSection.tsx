import { TextAreaField } from '../../forms/Fields';
import { errorAt, fieldId, type FieldErrors } from '../../forms/field-errors';
import type { GrpcSource } from './model/form-types';

interface GrpcSettingsProps {
  source: GrpcSource;
  proto: string;
  errors: FieldErrors;
  onChange: (patch: { grpcSource?: GrpcSource; proto?: string }) => void;
}

/** How k6 learns the gRPC service: the plan's .proto, or server reflection. */
export function GrpcSettingsSection({ source, proto, errors, onChange }: GrpcSettingsProps) {
  const error = errors['grpc'];
  return (
    <fieldset className="fieldset section" aria-describedby={error ? `${fieldId('grpc')}-error` : undefined}>
      <legend className="section__title">gRPC service definition</legend>
      <p className="section__hint">k6 needs the service’s messages: give the .proto source, or let it ask the server (gRPC server reflection).</p>
      <div className="radio-row" role="radiogroup" aria-label="gRPC service definition">
        {(
          [
            ['reflection', 'Server reflection'],
            ['proto', '.proto source'],
          ] as const
        ).map(([value, label], i) => (
          <label className="checkbox-label" key={value}>
            <input
              id={i === 0 ? fieldId('grpc') : undefined}
              type="radio"
              name="grpc-source"
              value={value}
              checked={source === value}
              onChange={() => onChange({ grpcSource: value })}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${fieldId('grpc')}-error`} role="alert">
          {error}
        </p>
      ) : null}
      {source === 'proto' ? (
        <TextAreaField
          path="grpc.proto"
          label=".proto source"
          rows={10}
          spellCheck={false}
          placeholder={'syntax = "proto3";\npackage shop;\nservice Catalog { rpc Get (GetRequest) returns (Item); }'}
          errors={errors}
          hint={errorAt(errors, 'grpc.proto') ? undefined : 'One file; imports of other files are not available to k6 here.'}
          value={proto}
          onValueChange={(text) => onChange({ proto: text })}
        />
      ) : null}
    </fieldset>
  );
}
