import { Link } from 'react-router';
import { describeThreshold, formatMeasured, type Threshold, type ThresholdResult } from '@loadline/shared';
import { VerdictBadge } from './RunStatusBadge';
import { ConfidenceInterval } from './RequestsTable';

/** `linkBaselines`: link a relative threshold's baseline run (not on public pages, whose readers cannot open it). */
export function ThresholdsTable({ results, linkBaselines = true }: { results: readonly ThresholdResult[]; linkBaselines?: boolean }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--stack" data-testid="thresholds-table">
        <caption className="sr-only">SLA thresholds and their verdicts</caption>
        <thead>
          <tr>
            <th scope="col">Requirement</th>
            <th scope="col" className="num">
              Measured
            </th>
            <th scope="col">Verdict</th>
            <th scope="col">Explanation</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result, index) => (
            <tr key={index} data-testid={`threshold-row-${index}`} data-verdict={result.verdict}>
              <th scope="row" className="mono">
                {describeThreshold(result.threshold)}
                <ThresholdOrigin threshold={result.threshold} />
              </th>
              <td className="num" data-col="measured" data-label="Measured">
                {result.measured === null ? '—' : formatMeasured(result.threshold, result.measured)}
                {result.interval ? <ConfidenceInterval low={result.interval.low} high={result.interval.high} /> : null}
                <RelativeTo result={result} link={linkBaselines} />
              </td>
              <td data-col="verdict" data-label="Verdict">
                <VerdictBadge verdict={result.verdict} />
              </td>
              <td className="explanation">{result.explanation}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A limit relative to the baseline: the interval of the ratio, and which run the baseline was. */
function RelativeTo({ result, link }: { result: ThresholdResult; link: boolean }) {
  const relative = result.relative;
  if (!relative?.baselineRunId) return null;
  const percent = (ratio: number) => `${(ratio * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;
  return (
    <span className="threshold-baseline muted small" data-testid="threshold-baseline">
      {relative.interval ? (
        <span className="ci" title="95 % confidence interval of this run's figure as a share of the baseline's">
          {percent(relative.interval.low)}–{percent(relative.interval.high)}
        </span>
      ) : null}{' '}
      {link ? <Link to={`/runs/${relative.baselineRunId}`}>baseline run</Link> : null}
    </span>
  );
}

/** Where a threshold came from, when a custom script's options gave it: as the script wrote it. */
export function ThresholdOrigin({ threshold }: { threshold: Threshold }) {
  if (!threshold.fromScript) return null;
  return (
    <span className="threshold-origin muted small" data-testid="threshold-origin">
      from your script’s options: <code>{`'${threshold.fromScript.metric}': '${threshold.fromScript.expression}'`}</code>
    </span>
  );
}
