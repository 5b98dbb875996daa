import { isTerminalRunStatus, type RunView } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { LAGGING_DELIVERED_SHARE, LAGGING_HOST_CPU, segmentsSummary, segmentsTable, startSpreadText, type SegmentRow } from './segments-model';

interface SegmentsCardProps {
  run: Pick<RunView, 'status' | 'segments' | 'segmentDetails' | 'startSpreadMs'>;
  /** Public share pages leave runner ids out. */
  showRunner?: boolean;
}

/**
 * A split run, segment by segment, beside the merged figures: which runner ran each, when it
 * began relative to the first, what it delivered and how busy its generator was. A segment
 * that lagged is marked in words (the badge's colour only repeats them).
 */
export function SegmentsCard({ run, showRunner = true }: SegmentsCardProps) {
  const table = segmentsTable(run, { showRunner });
  const spread = startSpreadText(run.startSpreadMs);
  const live = !isTerminalRunStatus(run.status);
  return (
    <Card
      title={
        <span className="title-with-badge">
          Segments
          <span className="pill pill--muted" data-testid="segments-summary">
            {segmentsSummary(table)}
          </span>
        </span>
      }
      intro={`Each segment ran a share of the load on a runner of its own; the figures above merge them. A segment is marked as lagged when it started under ${Math.round(LAGGING_DELIVERED_SHARE * 100)} % of the iterations asked of it, dropped iterations, or pushed its runner's CPU to ${Math.round(LAGGING_HOST_CPU * 100)} % or more; as failed when it errored.`}
    >
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Segments of this run">
        <table className="table table--dense segments-table" data-testid="segments-table">
          <caption className="sr-only">
            One row per segment. Start: delay after the first segment began. Delivered: iterations started of those asked of the segment. Dropped: iterations k6
            dropped. k6 CPU: cores, average / peak. Host CPU: the runner machine's busiest moment. Memory: the runner's peak.
          </caption>
          <thead>
            <tr>
              <th scope="col">Segment</th>
              {table.showRunner ? <th scope="col">Runner</th> : null}
              <th scope="col">Status</th>
              <th scope="col">Assessment</th>
              <th scope="col" className="num">
                Start
              </th>
              <th scope="col" className="num">
                Requests
              </th>
              <th scope="col" className="num">
                Req/s
              </th>
              {table.showDelivered ? (
                <th scope="col" className="num">
                  Delivered
                </th>
              ) : null}
              <th scope="col" className="num">
                Dropped
              </th>
              <th scope="col" className="num">
                k6 CPU
              </th>
              <th scope="col" className="num">
                Host CPU
              </th>
              <th scope="col" className="num">
                Memory
              </th>
              {table.showError ? <th scope="col">Error</th> : null}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <SegmentTableRow key={row.index} row={row} table={table} />
            ))}
          </tbody>
        </table>
      </div>
      {spread ? (
        <p className="footnote" data-testid="segments-spread">
          {spread}
        </p>
      ) : null}
      {live ? <p className="footnote">Requests, delivery and generator figures appear per segment when the run ends.</p> : null}
    </Card>
  );
}

function SegmentTableRow({ row, table }: { row: SegmentRow; table: ReturnType<typeof segmentsTable> }) {
  return (
    <tr
      className={row.assessment === 'lagged' || row.assessment === 'failed' ? 'segments-table__row--lagged' : undefined}
      data-testid={`segment-row-${row.index}`}
      data-assessment={row.assessment}
    >
      <th scope="row" className="nowrap">
        {row.label}
      </th>
      {table.showRunner ? <td className="mono small">{row.runner ?? '—'}</td> : null}
      <td>
        <span className={`badge badge--${row.statusTone}`}>{row.status}</span>
      </td>
      <td data-col="assessment">
        <Assessment row={row} />
      </td>
      <td className="num nowrap" data-col="start">
        {row.startOffset}
      </td>
      <td className="num" data-col="requests">
        {row.requests}
      </td>
      <td className="num" data-col="rps">
        {row.rps}
      </td>
      {table.showDelivered ? (
        <td className="num" data-col="delivered">
          {row.delivered}
        </td>
      ) : null}
      <td className="num" data-col="dropped">
        {row.dropped}
      </td>
      <td className="num nowrap" data-col="k6-cpu">
        {row.k6Cpu}
      </td>
      <td className="num" data-col="host-cpu">
        {row.hostCpu}
      </td>
      <td className="num nowrap" data-col="memory">
        {row.memory}
      </td>
      {table.showError ? (
        <td className="segments-table__error" data-col="error">
          {row.error ?? '—'}
        </td>
      ) : null}
    </tr>
  );
}

function Assessment({ row }: { row: SegmentRow }) {
  if (row.assessment === 'lagged' || row.assessment === 'failed') {
    return (
      <>
        {row.assessment === 'failed' ? <span className="badge badge--danger">■ Failed</span> : <span className="badge badge--warning">▲ Lagged</span>}
        <span className="segments-table__reasons small">{row.reasons.join('; ')}</span>
      </>
    );
  }
  if (row.assessment === 'kept-up') return <span className="badge badge--success">✓ Kept up</span>;
  return <span className="muted small">No figures</span>;
}
