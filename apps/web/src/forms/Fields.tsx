import type { ReactNode, InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { errorAt, fieldId, type FieldErrors } from './field-errors';

interface FieldFrameProps {
  path: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ path, label, error, hint, className, children }: FieldFrameProps) {
  const id = fieldId(path);
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * Under a control: its error (announced), else its hint. The ids are what the control's
 * `aria-describedby` names (see `controlProps`).
 */
function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p className="field__error" id={`${id}-error`} role="alert">
        {error}
      </p>
    );
  }
  return hint ? (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}

function describedBy(path: string, error: string | undefined, hint: ReactNode): string | undefined {
  const id = fieldId(path);
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** What every control of a field carries: the id its label points at, and its invalid state and description. */
function controlProps(path: string, error: string | undefined, hint: ReactNode) {
  return { id: fieldId(path), 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(path, error, hint) };
}

interface CommonProps {
  path: string;
  label: string;
  errors: FieldErrors;
  hint?: ReactNode;
  className?: string;
}

/** A field's own props, the native attributes it passes on to its control, and a string value. */
type ValueFieldProps<NativeAttributes> = CommonProps &
  Omit<NativeAttributes, 'id' | 'onChange' | 'value' | 'className'> & {
    value: string;
    onValueChange: (value: string) => void;
  };

type TextFieldProps = ValueFieldProps<InputHTMLAttributes<HTMLInputElement>>;

export function TextField({ path, label, errors, hint, className, value, onValueChange, ...rest }: TextFieldProps) {
  const error = errorAt(errors, path);
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} className={className}>
      <input {...rest} {...controlProps(path, error, hint)} className="input" value={value} onChange={(event) => onValueChange(event.target.value)} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = ValueFieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextAreaField({ path, label, errors, hint, className, value, onValueChange, ...rest }: TextAreaFieldProps) {
  const error = errorAt(errors, path);
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} className={className}>
      <textarea
        {...rest}
        {...controlProps(path, error, hint)}
        className="input input--mono"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = ValueFieldProps<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly SelectOption[];
  placeholder?: string;
};

export function SelectField({ path, label, errors, hint, className, value, options, placeholder, onValueChange, ...rest }: SelectFieldProps) {
  const error = errorAt(errors, path);
  return (
    <FieldFrame path={path} label={label} error={error} hint={hint} className={className}>
      <select {...rest} {...controlProps(path, error, hint)} className="input select" value={value} onChange={(event) => onValueChange(event.target.value)}>
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<CommonProps, 'errors'> & {
  errors?: FieldErrors;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A checkbox with its label beside it, and the error or hint of its path below. */
export function CheckboxField({ path, label, errors, hint, className, checked, onCheckedChange, disabled }: CheckboxFieldProps) {
  const error = errors ? errorAt(errors, path) : undefined;
  const id = fieldId(path);
  return (
    <div className={`field field--checkbox${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="checkbox-label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-describedby={describedBy(path, error, hint)}
        />
        <span>{label}</span>
      </label>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}
