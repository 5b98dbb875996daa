import { describeThreshold, formatValue, type Threshold, type ThresholdResult } from '@loadline/shared';
import { VerdictBadge } from './RunStatusBadge';
import { ConfidenceInterval } from './RequestsTable';

export function ThresholdsTable({ results }: { results: readonly ThresholdResult[] }) {
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
                {result.measured === null ? '—' : formatValue(result.threshold, result.measured)}
                {result.interval ? <ConfidenceInterval low={result.interval.low} high={result.interval.high} /> : null}
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

/** Where a threshold came from, when a custom script's options gave it: as the script wrote it. */
export function ThresholdOrigin({ threshold }: { threshold: Threshold }) {
  if (!threshold.fromScript) return null;
  return (
    <span className="threshold-origin muted small" data-testid="threshold-origin">
      from your script’s options: <code>{`'${threshold.fromScript.metric}': '${threshold.fromScript.expression}'`}</code>
    </span>
  );
}
