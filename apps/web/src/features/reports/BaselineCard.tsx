import { Link } from 'react-router';
import { baselineFindings, type RunView } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { useRunBaseline } from './hooks';
import { PinBaselineButton } from './PinBaselineButton';

/**
 * A finished run against its plan's baseline (pinned, or the last passed run of the same
 * load): each key figure with its 95 % interval, regressions named, a link to the full
 * comparison, and a way to make this run the baseline.
 */
export function BaselineCard({ runId, planId, canPin, verdict }: { runId: string; planId: string; canPin: boolean; verdict?: RunView['verdict'] }) {
  const baseline = useRunBaseline(runId, true);
  const data = baseline.data;
  const findings = data ? baselineFindings(data) : [];
  const regressions = findings.filter((finding) => finding.change === 'regression').length;
  return (
    <Card title="Against the baseline">
      <div data-testid="baseline-card">
        {baseline.isPending ? <p className="muted">Looking for the baseline…</p> : null}
        {baseline.isError ? <p className="muted">The baseline could not be read.</p> : null}
        {data ? (
          <>
            <p className="inline-links" data-testid="baseline-message">
              {data.message}
              {data.baseline ? (
                <>
                  {' '}
                  (<Link to={`/runs/${encodeURIComponent(data.baseline.runId)}`}>run</Link>,{' '}
                  <Link to={`/compare?base=${encodeURIComponent(data.baseline.runId)}&head=${encodeURIComponent(runId)}`}>full comparison</Link>)
                </>
              ) : null}
            </p>
            {findings.length ? (
              <ul className="plain-list" data-testid="baseline-findings">
                {findings.map((finding) => (
                  <li key={finding.metric} data-change={finding.change ?? ''}>
                    {finding.change === 'regression' || finding.change === 'improvement' ? (
                      <span aria-hidden="true">{finding.change === 'regression' ? '✗ ' : '✓ '}</span>
                    ) : null}
                    {finding.text}
                  </li>
                ))}
              </ul>
            ) : null}
            {data.comparison ? (
              <p className="muted">{regressions ? `${regressions} regression${regressions > 1 ? 's' : ''} beyond noise.` : 'No regression beyond noise.'}</p>
            ) : null}
          </>
        ) : null}
        {canPin && data && data.baseline?.runId !== runId ? <PinBaselineButton runId={runId} planId={planId} verdict={verdict} /> : null}
      </div>
    </Card>
  );
}
