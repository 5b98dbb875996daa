import { explainRunError } from './run-errors';

/** An ERRORED run's cause: the meaning in words, the API's message, its code, and what to do. */
export function RunErrorText({ error }: { error: { code: string; message: string } }) {
  const explanation = explainRunError(error.code);
  return (
    <>
      <p className="banner__text" data-testid="run-error" data-code={error.code}>
        {explanation ? <strong>{explanation.title}: </strong> : null}
        {error.message} <code>{error.code}</code>
      </p>
      {explanation?.advice ? (
        <p className="banner__text" data-testid="run-error-advice">
          {explanation.advice}
        </p>
      ) : null}
    </>
  );
}
