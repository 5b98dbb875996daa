import type { ErrorDetail } from '@loadline/shared';

interface FormErrorSummaryProps {
  /** The headline, e.g. the API's error message. */
  message?: string | null;
  /** Problems that no field shows by itself. */
  details?: readonly ErrorDetail[];
  /** How many field problems are shown inline. */
  inlineCount?: number;
}

export function FormErrorSummary({ message, details = [], inlineCount = 0 }: FormErrorSummaryProps) {
  if (!message && details.length === 0 && inlineCount === 0) return null;
  const headline = message ?? (inlineCount === 1 ? 'Please fix the highlighted field.' : `Please fix the ${inlineCount} highlighted fields.`);
  return (
    <div className="alert alert--error" role="alert" data-testid="form-error">
      <p className="alert__title">{headline}</p>
      {details.length > 0 ? (
        <ul className="alert__list">
          {details.map((detail) => (
            <li key={`${detail.path}:${detail.message}`}>
              {detail.path && detail.path !== '(root)' ? <code>{detail.path}</code> : null} {detail.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
