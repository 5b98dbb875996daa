import type { MetricDelta, RunComparison } from '@loadline/shared';
import { deltaView } from './report-format';
import { withinNoiseReason } from './compare-reading';

/** Base, head, change and verdict per metric; a "within noise" that looks large says why beneath it. */
export function DeltaTable({
  deltas,
  testId,
  caption,
  ownUnits = false,
  noise = null,
}: {
  deltas: readonly MetricDelta[];
  testId: string;
  caption: string;
  ownUnits?: boolean;
  noise?: RunComparison['noise'];
}) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--dense compare-table" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="num">
              Base
            </th>
            <th scope="col" className="num">
              Head
            </th>
            <th scope="col" className="num">
              Change
            </th>
            <th scope="col" className="num">
              %
            </th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {deltas.map((delta) => {
            const view = deltaView(delta, ownUnits);
            const reason = ownUnits ? null : withinNoiseReason(delta, noise);
            return (
              <tr key={delta.metric} data-metric={delta.metric} data-change={delta.change ?? ''}>
                <th scope="row">{view.label}</th>
                <td className="num">{view.base}</td>
                <td className="num">{view.head}</td>
                <td className="num" data-col="delta">
                  {view.absolute}
                </td>
                <td className="num" data-col="delta-pct">
                  {view.percent}
                  {view.interval ? (
                    <div className="muted" data-col="interval">
                      {view.interval}
                    </div>
                  ) : null}
                </td>
                <td>
                  <span className={`change change--${view.tone}`} data-col="change">
                    {view.arrow ? <span aria-hidden="true">{view.arrow} </span> : null}
                    {view.word}
                  </span>
                  {reason ? (
                    <p className="small compare-reason" data-col="reason">
                      {reason}
                    </p>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
