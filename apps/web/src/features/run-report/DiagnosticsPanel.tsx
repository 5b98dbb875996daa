import type { RunView } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { EvidenceList } from './EvidenceList';
import { DIAGNOSTIC_TITLE, affectsText, inconclusiveCount, sortDiagnostics } from './diagnostics-format';

/** Reasons to doubt the result, each with the numbers behind it. */
export function DiagnosticsPanel({ run }: { run: RunView }) {
  const diagnostics = sortDiagnostics(run.diagnostics);
  const critical = diagnostics.filter((diagnostic) => diagnostic.severity === 'critical').length;
  const inconclusive = inconclusiveCount(run);

  if (diagnostics.length === 0) {
    return (
      <Card title="Diagnostics">
        <p className="muted" data-testid="diagnostics-none">
          No reasons to doubt this result: the load generator kept up and the samples suffice for the percentiles asked.
        </p>
      </Card>
    );
  }

  return (
    <Card
      title={
        <span className="title-with-badge">
          Diagnostics
          <span className="pill pill--muted">
            {critical > 0 ? `${critical} critical` : null}
            {critical > 0 && diagnostics.length > critical ? ' · ' : null}
            {diagnostics.length > critical ? `${diagnostics.length - critical} warning${diagnostics.length - critical === 1 ? '' : 's'}` : null}
          </span>
        </span>
      }
    >
      <div data-testid="diagnostics">
        <p className="diagnostics__intro">
          {critical > 0 ? (
            <>
              <strong>Critical</strong> diagnostics undermine the measurement, so the thresholds they affect get an <strong>INCONCLUSIVE</strong> verdict
              instead of PASS or FAIL
              {inconclusive > 0 ? ` (${inconclusive} requirement${inconclusive === 1 ? '' : 's'} in this run)` : ''}.{' '}
            </>
          ) : null}
          Warnings are worth a look but change no verdict.
        </p>
        <ul className="diagnostics">
          {diagnostics.map((diagnostic, index) => {
            const affects = affectsText(diagnostic);
            return (
              <li
                key={`${diagnostic.code}-${index}`}
                className={`diagnostic diagnostic--${diagnostic.severity}`}
                data-testid={`diagnostic-${diagnostic.code}`}
                data-severity={diagnostic.severity}
              >
                <div className="diagnostic__head">
                  <span className={`badge badge--${diagnostic.severity === 'critical' ? 'danger' : 'warning'}`}>
                    {diagnostic.severity === 'critical' ? '■ Critical' : '▲ Warning'}
                  </span>
                  <h3 className="diagnostic__title">{DIAGNOSTIC_TITLE[diagnostic.code] ?? diagnostic.code}</h3>
                  {diagnostic.request !== undefined && diagnostic.thresholdIndex === undefined ? (
                    <span className="chip" data-testid="diagnostic-scope">
                      request {diagnostic.request}
                    </span>
                  ) : diagnostic.scenario !== undefined ? (
                    <span className="chip" data-testid="diagnostic-scope">
                      scenario {diagnostic.scenario}
                    </span>
                  ) : null}
                  <code className="diagnostic__code">{diagnostic.code}</code>
                </div>
                <p className="diagnostic__message">{diagnostic.message}</p>
                <EvidenceList evidence={diagnostic.evidence} />
                {affects ? (
                  <p className="diagnostic__affects small">
                    {diagnostic.severity === 'critical' && run.thresholds.length > 0 ? 'Made INCONCLUSIVE: ' : 'Concerns: '}
                    {affects}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}
