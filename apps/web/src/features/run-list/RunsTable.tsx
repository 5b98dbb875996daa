import { Link } from 'react-router';
import type { RunListItem } from '@loadline/shared';
import { formatLatency, formatPercent, formatRps } from '../../format/numbers';
import { formatRelative } from '../../format/time';
import { RunStatusBadge } from '../run-report';

/** What a row shows: a run as GET /runs lists it (a full run maps to it with listFiguresOf). */
export type RunsTableRow = Pick<RunListItem, 'id' | 'status' | 'planId' | 'planName' | 'planVersion' | 'createdAt' | 'startedAt' | 'figures'>;

interface RunsTableProps {
  runs: readonly RunsTableRow[];
  /** Hide the plan column on a plan's own page. */
  showPlan?: boolean;
  caption: string;
  /**
   * Kept for callers; the outcome column already says it. A run's status is its verdict once it
   * ends (PASSED, FAILED, INCONCLUSIVE), so a second column repeated it ("PASSED" beside "PASS").
   */
  showVerdict?: boolean;
}

/** On a phone each run is a small card (table--stack), every figure under its name: no sideways scroll. */
export function RunsTable({ runs, showPlan = true, caption }: RunsTableProps) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--stack" data-testid="runs-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Outcome</th>
            {showPlan ? <th scope="col">Plan</th> : null}
            <th scope="col">Started</th>
            <th scope="col" className="num">
              p95
            </th>
            <th scope="col" className="num">
              RPS
            </th>
            <th scope="col" className="num">
              Error %
            </th>
            <th scope="col">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-testid={`run-row-${run.id}`}>
              <td data-col="outcome">
                <RunStatusBadge status={run.status} />
              </td>
              {showPlan ? (
                <td>
                  <Link to={`/plans/${run.planId}`}>{run.planName}</Link>
                  <span className="muted small"> v{run.planVersion}</span>
                </td>
              ) : null}
              <td className="nowrap" title={run.createdAt} data-label="Started">
                {formatRelative(run.startedAt ?? run.createdAt)}
              </td>
              <td className="num" data-label="p95">
                {formatLatency(run.figures?.p95)}
              </td>
              <td className="num" data-label="RPS">
                {formatRps(run.figures?.rps)}
              </td>
              <td className="num" data-label="Error %">
                {run.figures ? formatPercent(run.figures.errorRate) : '—'}
              </td>
              <td className="num">
                {/* The visible words start the accessible name (voice control users say what they see). */}
                <Link to={`/runs/${run.id}`} aria-label={`Report of ${run.planName} from ${formatRelative(run.createdAt)}`}>
                  Report <span aria-hidden="true">→</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
