import type { TelemetryReport } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { EvidenceList } from './EvidenceList';
import { FINDING_TITLE, bottleneckOrder, findingWhen, sortFindings, utilisation } from './telemetry-format';

/**
 * The target's side of the run (docs/telemetry.md): what its own metrics say, in words with
 * their time and evidence; where the bottleneck was; what moved with latency. Shown on the
 * run page and the public share page alike (the report holds no source URL or credential).
 */
export function TelemetryCard({ report }: { report: TelemetryReport }) {
  const findings = sortFindings(report.findings);
  const rows = bottleneckOrder(report.bottleneck);
  return (
    <Card title="The target's side" intro="Read from the target's metric sources while the load ran, on the same seconds as the load.">
      <div data-testid="telemetry">
        {findings.length ? (
          <ul className="diagnostics" data-testid="telemetry-findings">
            {findings.map((finding, index) => {
              const when = findingWhen(finding);
              return (
                <li
                  key={`${finding.code}-${finding.source}-${index}`}
                  className={`diagnostic diagnostic--${finding.severity === 'critical' ? 'critical' : 'warning'}`}
                  data-testid={`finding-${finding.code}`}
                  data-severity={finding.severity}
                >
                  <div className="diagnostic__head">
                    <span className={`badge badge--${finding.severity === 'critical' ? 'danger' : finding.severity === 'warning' ? 'warning' : 'info'}`}>
                      {finding.severity === 'critical' ? '■ Critical' : finding.severity === 'warning' ? '▲ Warning' : 'Note'}
                    </span>
                    <h3 className="diagnostic__title">
                      {finding.source}: {FINDING_TITLE[finding.code]}
                    </h3>
                    {when ? <span className="chip">{when}</span> : null}
                  </div>
                  <p className="diagnostic__message">{finding.message}</p>
                  <EvidenceList evidence={finding.evidence} />
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="muted" data-testid="telemetry-no-findings">
            Nothing in the target&apos;s metrics stood out: no resource at its ceiling, no restart, no growing queue or leak.
          </p>
        )}
        {rows.length ? (
          <div className="table-wrap table-wrap--spaced" tabIndex={0}>
            <table className="table table--dense" data-testid="telemetry-bottleneck">
              <caption className="table__caption">Where the bottleneck is: each component&apos;s use of what it may use, the first to reach 90 % first</caption>
              <thead>
                <tr>
                  <th scope="col">Component</th>
                  <th scope="col" className="num">
                    Peak
                  </th>
                  <th scope="col" className="num">
                    Average
                  </th>
                  <th scope="col" className="num">
                    Reached 90 %
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.kind}-${row.component}`}>
                    <th scope="row">
                      {row.component}
                      {row.kind === 'generator' ? <span className="muted small"> (load generator)</span> : null}
                    </th>
                    <td className="num">{utilisation(row.peakUtilisation)}</td>
                    <td className="num">{utilisation(row.averageUtilisation)}</td>
                    <td className="num">{row.saturatedAtSeconds === null ? 'never' : `at ${Math.round(row.saturatedAtSeconds)} s`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {report.movedWithLatency.length ? (
          <div className="table-wrap table-wrap--spaced" tabIndex={0}>
            <table className="table table--dense" data-testid="telemetry-moved">
              <caption className="table__caption">What moved with latency: series ranked by how closely they followed p95 (rank correlation, −1 to 1)</caption>
              <thead>
                <tr>
                  <th scope="col">Series</th>
                  <th scope="col" className="num">
                    with p95
                  </th>
                  <th scope="col" className="num">
                    with errors
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.movedWithLatency.slice(0, 8).map((moved) => (
                  <tr key={`${moved.source}-${moved.key}`}>
                    <th scope="row" className="mono">
                      {moved.source} · {moved.key}
                    </th>
                    <td className="num">{moved.withLatency.toFixed(2)}</td>
                    <td className="num">{moved.withErrors === null ? '—' : moved.withErrors.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
