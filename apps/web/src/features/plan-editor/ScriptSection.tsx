import { describeThreshold, type ScriptCheck, type Threshold } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/States';
import { errorAt, type FieldErrors } from '../../forms/field-errors';
import { formatSeconds } from '../../format/time';
import { useCheckScript } from './hooks';
import { CodeEditor, goToLine } from './CodeEditor';

interface ScriptSectionProps {
  source: string;
  /** The thresholds the saved plan read from this very source (none for a new or edited script). */
  savedScriptThresholds: readonly Threshold[];
  errors: FieldErrors;
  variableNames: string[];
  onSource: (source: string) => void;
}

/** "line 4:37: …" (how the API words k6's error on save) -> 4. */
export function errorLineOf(message: string | undefined): number | null {
  const match = message ? /\bline (\d+)(?::\d+)?/i.exec(message) : null;
  return match ? Number(match[1]) : null;
}

/** A custom k6 script instead of scenarios, checked by k6 on a runner. */
export function ScriptSection({ source, savedScriptThresholds, errors, variableNames, onSource }: ScriptSectionProps) {
  const check = useCheckScript();
  // A result belongs to the text it checked; editing makes it stale.
  const result: ScriptCheck | undefined = check.data && check.variables === source ? check.data : undefined;
  const scriptThresholds = result?.ok ? result.thresholds : result ? [] : savedScriptThresholds;
  const saveError = errorAt(errors, 'script.source');
  const errorLine = result && !result.ok ? (result.line ?? null) : errorLineOf(saveError);
  const unavailable = isApiError(check.error) && check.error.code === 'SCRIPT_CHECK_UNAVAILABLE';
  // Runners are shared: an organization may have a few checks at once and so many a minute.
  const throttled = isApiError(check.error) && check.error.code === 'SCRIPT_CHECK_THROTTLED';

  return (
    <fieldset className="fieldset section">
      <legend className="section__title">Custom k6 script</legend>
      <div className="script-env" data-testid="script-env">
        <p>The script runs as written, with Loadline’s output and limits. It reads the target from the environment, like generated scripts do:</p>
        <dl className="env-list">
          <div>
            <dt>
              <code>__ENV.LOADLINE_BASE_URL</code>
            </dt>
            <dd>the target’s base URL</dd>
          </div>
          <div>
            <dt>
              <code>__ENV.LOADLINE_HEADERS</code>
            </dt>
            <dd>the target’s default headers, as JSON (parse it)</dd>
          </div>
          <div>
            <dt>
              <code>__ENV.LOADLINE_VARS</code>
            </dt>
            <dd>
              the target’s secret variables, as JSON
              {variableNames.length ? ': ' : ' (this target has none)'}
              {variableNames.map((name, i) => (
                <span key={name}>
                  {i ? ', ' : ''}
                  <code>{name}</code>
                </span>
              ))}
            </dd>
          </div>
        </dl>
        <p className="muted small">Tag requests with a name (tags: {'{ name: "…" }'}) to get one report row per request; thresholds may name them.</p>
      </div>
      <CodeEditor
        path="script.source"
        label="Script"
        hint="Tab indents; press Esc, then Tab, to move on from the editor."
        value={source}
        onValueChange={onSource}
        errors={errors}
        errorLine={errorLine}
      />
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => check.mutate(source)}
          disabled={check.isPending || !source.trim()}
          data-testid="check-script"
        >
          {check.isPending ? 'Checking with k6…' : 'Check with k6'}
        </button>
        {errorLine ? (
          <button type="button" className="button button--ghost button--small" onClick={() => goToLine('script.source', errorLine)}>
            Go to line {errorLine}
          </button>
        ) : null}
      </div>
      <div aria-live="polite" data-testid="script-check-result">
        {result?.ok ? (
          <div className="alert alert--success" role="status">
            <p className="alert__title">k6 can run this script.</p>
            <p>
              It asks for up to {result.maxVUs.toLocaleString('en-US')} VUs for {formatSeconds(result.durationSeconds)} (graceful stops included); quotas and
              limits are checked against these figures.
            </p>
          </div>
        ) : null}
        {result && !result.ok && result.unsupportedThresholds ? (
          <div className="alert alert--error" role="alert" data-testid="script-unsupported-thresholds">
            <p className="alert__title">
              Loadline cannot judge{' '}
              {result.unsupportedThresholds.length === 1 ? 'one of the thresholds' : `${result.unsupportedThresholds.length} of the thresholds`} in the script’s
              options; saving is refused until they change.
            </p>
            <ul>
              {result.unsupportedThresholds.map((item) => (
                <li key={`${item.metric} ${item.expression}`}>
                  <code>{`'${item.metric}': '${item.expression}'`}</code>: {item.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : result && !result.ok ? (
          <div className="alert alert--error" role="alert">
            <p className="alert__title">
              k6 cannot run this script{result.line ? ` (line ${result.line}${result.column ? `, column ${result.column}` : ''})` : ''}.
            </p>
            <pre className="alert__code">{result.message}</pre>
          </div>
        ) : null}
        {scriptThresholds.length ? (
          <div className="script-thresholds" data-testid="script-thresholds">
            <p className="muted small">
              Thresholds from your script’s options, judged by Loadline on the merged data of every segment (k6 itself runs without them):
            </p>
            <ul className="requirement-list">
              {scriptThresholds.map((threshold, index) => (
                <li key={index} className="mono">
                  {describeThreshold(threshold)} <span className="muted">({`'${threshold.fromScript?.metric}': '${threshold.fromScript?.expression}'`})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {check.isError ? (
          <div className={`alert ${unavailable || throttled ? 'alert--warning' : 'alert--error'}`} role="alert">
            <p className="alert__title">
              {unavailable
                ? 'No runner is up to check the script right now.'
                : throttled
                  ? 'Your organization is checking scripts as fast as it may.'
                  : 'The script could not be checked.'}
            </p>
            <p>{unavailable ? 'Saving checks it too, so it also needs a runner; try again in a moment.' : errorMessage(check.error)}</p>
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
