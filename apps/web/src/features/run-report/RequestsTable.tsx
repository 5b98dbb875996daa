import { GRPC_STATUS_PREFIX, type RunSummary } from '@loadline/shared';
import { formatBytes, formatCount, formatMs, formatPercent, formatRps } from '../../format/numbers';
import { failureReasons, hasResponseSizes } from './requests-model';
import './requests-table.css';

type RequestRow = RunSummary['requests'][number];

const LATENCY_COLUMNS = ['avg', 'p50', 'p90', 'p95', 'p99', 'max'] as const;
const SIZE_COLUMNS = ['avg', 'p95'] as const;

/**
 * Per-request table: one row per request name plus the whole run; latencies in ms (of the
 * requests that completed), response body sizes when any request was sized, statuses and
 * the reasons requests failed.
 */
export function RequestsTable({ summary }: { summary: RunSummary }) {
  const sizes = hasResponseSizes(summary);
  return (
    <div className="table-wrap" tabIndex={0}>
      {/* On a phone each request is a card, its key figures (p95, p99, error %, RPS) first (requests-table.css). */}
      <table className="table table--dense table--requests" data-testid="requests-table">
        <caption className="sr-only">
          Per-request results; latencies in milliseconds, each percentile with its 95 % confidence interval below it
          {sizes ? '; response body sizes in bytes' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col" className="num">
              Count
            </th>
            <th scope="col" className="num">
              RPS
            </th>
            {LATENCY_COLUMNS.map((stat) => (
              <th scope="col" className="num" key={stat}>
                {stat}
              </th>
            ))}
            {sizes
              ? SIZE_COLUMNS.map((stat) => (
                  <th scope="col" className="num" key={`size-${stat}`} title="Response body size (after content decoding, without headers)">
                    Size {stat}
                  </th>
                ))
              : null}
            <th scope="col" className="num">
              Errors
            </th>
            <th scope="col" className="num">
              Error %
            </th>
            <th scope="col">Status codes</th>
          </tr>
        </thead>
        <tbody>
          {summary.requests.map((request) => (
            <StatsRow key={request.name} name={request.name} stats={request} sizes={sizes} testId={`request-row-${request.name}`} />
          ))}
        </tbody>
        {summary.requests.length !== 1 ? (
          <tfoot>
            <StatsRow name="All requests" stats={summary.overall} sizes={sizes} testId="request-row-overall" />
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function StatsRow({ name, stats, sizes, testId }: { name: string; stats: Omit<RequestRow, 'name'>; sizes: boolean; testId: string }) {
  return (
    <tr data-testid={testId}>
      <th scope="row">{name}</th>
      <td className="num" data-col="count" data-label="Count">
        {formatCount(stats.count)}
      </td>
      <td className="num" data-col="rps" data-label="RPS">
        {formatRps(stats.rps)}
      </td>
      {LATENCY_COLUMNS.map((stat) => {
        const interval = stat === 'avg' || stat === 'max' ? undefined : stats.latency?.intervals?.[stat];
        return (
          <td className="num" data-col={stat} data-label={stat} key={stat}>
            {formatMs(stats.latency?.[stat])}
            {interval ? <ConfidenceInterval low={interval.low} high={interval.high} /> : null}
          </td>
        );
      })}
      {sizes
        ? SIZE_COLUMNS.map((stat) => (
            <td className="num" data-col={`size-${stat}`} data-label={`Size ${stat}`} key={`size-${stat}`}>
              {formatBytes(stats.responseBytes?.[stat])}
            </td>
          ))
        : null}
      <td className={`num${stats.errors > 0 ? ' text-danger' : ''}`} data-col="errors" data-label="Errors">
        {formatCount(stats.errors)}
      </td>
      <td className={`num${stats.errors > 0 ? ' text-danger' : ''}`} data-col="error-rate" data-label="Error %">
        {formatPercent(stats.errorRate)}
      </td>
      <td data-col="status-codes" data-label="Status codes">
        <StatusCodes counts={stats.statusCounts} />
        <FailureReasons errorCodes={stats.errorCodes} />
      </td>
    </tr>
  );
}

/** A percentile's 95 % confidence interval, under its value: how far these requests can place it. */
export function ConfidenceInterval({ low, high }: { low: number; high: number }) {
  return (
    <span className="ci" title="95 % confidence interval of this percentile">
      {formatMs(low)}–{formatMs(high)}
    </span>
  );
}

/** Status codes in numeric order; "0" (no response) last. */
export function sortedStatusCounts(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => (a === '0' ? 1000 : Number(a)) - (b === '0' ? 1000 : Number(b)));
}

function StatusCodes({ counts }: { counts: Record<string, number> }) {
  const entries = sortedStatusCounts(counts);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span className="chips">
      {entries.map(([status, count]) => (
        <span key={status} className={`chip chip--status chip--${statusClass(status)}`} title={status === '0' ? 'no response' : undefined}>
          <strong>{status === '0' ? 'none' : status}</strong> × {formatCount(count)}
        </span>
      ))}
    </span>
  );
}

/** Why requests failed where the status does not say ("connection refused × 40"). */
function FailureReasons({ errorCodes }: { errorCodes: Record<string, number> | undefined }) {
  const reasons = failureReasons(errorCodes);
  if (reasons.length === 0) return null;
  return (
    <span className="chips chips--reasons" data-testid="failure-reasons">
      {reasons.map((reason) => (
        <span key={reason.code} className="chip chip--reason" title={`k6 error code ${reason.code}`}>
          {reason.label} × {formatCount(reason.count)}
        </span>
      ))}
    </span>
  );
}

function statusClass(status: string): string {
  // gRPC statuses are keyed by name ("grpc:OK"); only OK is a success, rate limits and bad
  // requests read as client-side, the rest as server-side or transport failures.
  if (status.startsWith(GRPC_STATUS_PREFIX)) {
    const name = status.slice(GRPC_STATUS_PREFIX.length);
    if (name === 'OK') return 'ok';
    return [
      'INVALID_ARGUMENT',
      'NOT_FOUND',
      'ALREADY_EXISTS',
      'PERMISSION_DENIED',
      'UNAUTHENTICATED',
      'RESOURCE_EXHAUSTED',
      'FAILED_PRECONDITION',
      'OUT_OF_RANGE',
    ].includes(name)
      ? 'client'
      : 'server';
  }
  const code = Number(status);
  if (code >= 200 && code < 400) return 'ok';
  if (code >= 400 && code < 500) return 'client';
  return 'server';
}
