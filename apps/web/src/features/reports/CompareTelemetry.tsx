import type { RunComparison } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { coverageText, telemetryDeltaView } from './telemetry-compare-format';

/** The target's side of a comparison: a table per metric source of its figures before and after. */
export function CompareTelemetry({ telemetry }: { telemetry: RunComparison['telemetry'] }) {
  if (!telemetry.sources.length) return null;
  return (
    <Card title="Target telemetry">
      {telemetry.sources.map((source) => (
        <section key={source.source} className="stack-item" data-testid={`compare-telemetry-${source.source}`}>
          <h3 className="mono">
            {source.source}{' '}
            {!source.inBase ? (
              <span className="pill pill--muted">only in head</span>
            ) : !source.inHead ? (
              <span className="pill pill--muted">only in base</span>
            ) : null}{' '}
            <span className="muted small">{coverageText(source.coverage)}</span>
          </h3>
          <div className="table-wrap" tabIndex={0}>
            <table className="table table--dense compare-table">
              <caption className="sr-only">{`${source.source}'s figures, base against head`}</caption>
              <thead>
                <tr>
                  <th scope="col">Figure</th>
                  <th scope="col" className="num">
                    Before
                  </th>
                  <th scope="col" className="num">
                    After
                  </th>
                  <th scope="col" className="num">
                    Change
                  </th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {source.figures.map((delta) => {
                  const view = telemetryDeltaView(delta);
                  return (
                    <tr key={delta.figure} data-figure={delta.figure} data-change={delta.change ?? ''}>
                      <th scope="row">{view.label}</th>
                      <td className="num">{view.base}</td>
                      <td className="num">{view.head}</td>
                      <td className="num" data-col="delta">
                        {view.change}
                      </td>
                      <td>
                        <span className={`change change--${view.tone}`} data-col="change">
                          {view.word}
                        </span>
                        <div className="muted small">{view.reason}</div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <p className="footnote">
        Each figure is one reading per run, with no interval to tell a change from run-to-run noise: shown, not judged. Restarts (none against some) and a
        growing backlog (a backlog finding in one run, not the other) are called by their findings’ rules. Lower is better for every figure here.
      </p>
    </Card>
  );
}
