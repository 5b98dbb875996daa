import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isTerminalRunStatus, type RunView } from '@loadline/shared';
import { formatDateTime } from '../../format/time';
import { useCan } from '../../session';
import { useRuns } from '../run-list';
import { exportUrl } from './hooks';
import { SharePanel } from './SharePanel';

type Panel = 'share' | 'compare' | null;

/** The finished report's actions: share, compare with another run, export files, print. */
export function RunReportActions({ run }: { run: RunView }) {
  const [panel, setPanel] = useState<Panel>(null);
  const canShare = useCan('shares:manage');
  if (!isTerminalRunStatus(run.status)) return null;
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));
  return (
    <div className="report-actions no-print" data-testid="report-actions">
      <div className="button-row">
        {canShare ? (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={panel === 'share'}
            onClick={() => toggle('share')}
            data-testid="share-run"
          >
            Share
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={panel === 'compare'}
          onClick={() => toggle('compare')}
          data-testid="compare-with"
        >
          Compare with…
        </button>
        <Link className="button button--secondary button--small" to={`/plans/${encodeURIComponent(run.planId)}/trends`} data-testid="open-trends">
          Trends
        </Link>
        <span className="export-links" role="group" aria-label="Export">
          <span className="muted small">Export:</span>
          <a className="button button--ghost button--small" href={exportUrl(run.id, 'json')} download data-testid="export-json">
            JSON
          </a>
          <a className="button button--ghost button--small" href={exportUrl(run.id, 'csv')} download data-testid="export-csv">
            CSV
          </a>
          <a className="button button--ghost button--small" href={exportUrl(run.id, 'junit')} download data-testid="export-junit">
            JUnit XML
          </a>
        </span>
        <button type="button" className="button button--secondary button--small" onClick={() => window.print()} data-testid="print-report">
          Print / PDF
        </button>
      </div>
      {panel === 'share' ? <SharePanel subject={{ kind: 'run', runId: run.id }} onClose={() => setPanel(null)} /> : null}
      {panel === 'compare' ? <ComparePicker run={run} onClose={() => setPanel(null)} /> : null}
    </div>
  );
}

/** Another finished run of the same plan to compare this one with (this run is the head). */
function ComparePicker({ run, onClose }: { run: RunView; onClose: () => void }) {
  const runs = useRuns({ planId: run.planId });
  const navigate = useNavigate();
  const others = (runs.data ?? []).filter((other) => other.id !== run.id && other.figures && isTerminalRunStatus(other.status));
  const [chosen, setChosen] = useState('');
  const base = chosen || others[0]?.id || '';
  return (
    <form
      className="card share-panel"
      aria-label="Compare with another run"
      data-testid="compare-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (base) void navigate(`/compare?base=${encodeURIComponent(base)}&head=${encodeURIComponent(run.id)}`);
      }}
    >
      <p className="share-panel__title">Compare this run with…</p>
      {runs.isPending ? (
        <p className="muted small">Loading the plan's runs…</p>
      ) : others.length === 0 ? (
        <p className="muted small">This plan has no other finished run with measurements yet.</p>
      ) : (
        <label className="field">
          <span className="field__label">Base run (this run is compared against it)</span>
          <select className="input select" value={base} onChange={(event) => setChosen(event.target.value)} data-testid="compare-base-select">
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {formatDateTime(other.createdAt)} · v{other.planVersion} · {other.verdict ?? other.status}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary button--small" disabled={!base} data-testid="compare-go">
          Compare
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
