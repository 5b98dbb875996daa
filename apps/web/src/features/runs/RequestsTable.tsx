import { GRPC_STATUS_PREFIX, errorCodeText, type RunSummary } from '@loadline/shared';
import { formatCount, formatMs, formatPercent, formatRps } from '../../format/numbers';

type RequestRow = RunSummary['requests'][number];

const LATENCY_COLUMNS = ['avg', 'p50', 'p90', 'p95', 'p99', 'max'] as const;

/** Per-request table: one row per request name plus the whole run; latencies in ms. */
export function RequestsTable({ summary }: { summary: RunSummary }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--dense" data-testid="requests-table">
        <caption className="sr-only">Per-request results; latencies in milliseconds, each percentile with its 95 % confidence interval below it</caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col" className="num">Count</th>
            <th scope="col" className="num">RPS</th>
            {LATENCY_COLUMNS.map((stat) => (
              <th scope="col" className="num" key={stat}>
                {stat}
              </th>
            ))}
            <th scope="col" className="num">Errors</th>
            <th scope="col" className="num">Error %</th>
            <th scope="col">Status codes</th>
          </tr>
        </thead>
        <tbody>
          {summary.requests.map((request) => (
            <StatsRow key={request.name} name={request.name} stats={request} testId={`request-row-${request.name}`} />
          ))}
        </tbody>
        {summary.requests.length !== 1 ? (
          <tfoot>
            <StatsRow name="All requests" stats={summary.overall} testId="request-row-overall" />
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function StatsRow({ name, stats, testId }: { name: string; stats: Omit<RequestRow, 'name'>; testId: string }) {
  return (
    <tr data-testid={testId}>
      <th scope="row">{name}</th>
      <td className="num" data-col="count">{formatCount(stats.count)}</td>
      <td className="num" data-col="rps">{formatRps(stats.rps)}</td>
      {LATENCY_COLUMNS.map((stat) => {
        const interval = stat === 'avg' || stat === 'max' ? undefined : stats.latency?.intervals?.[stat];
        return (
          <td className="num" data-col={stat} key={stat}>
            {formatMs(stats.latency?.[stat])}
            {interval ? <ConfidenceInterval low={interval.low} high={interval.high} /> : null}
          </td>
        );
      })}
      <td className={`num${stats.errors > 0 ? ' text-danger' : ''}`} data-col="errors">{formatCount(stats.errors)}</td>
      <td className={`num${stats.errors > 0 ? ' text-danger' : ''}`} data-col="error-rate">{formatPercent(stats.errorRate)}</td>
      <td data-col="status-codes">
        <StatusCodes counts={stats.statusCounts} />
        <FailureReasons codes={stats.errorCodes} />
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

/** Why failed requests failed (k6's error codes, in words): refused, timed out, no reply. */
function FailureReasons({ codes }: { codes: Record<string, number> | undefined }) {
  const entries = Object.entries(codes ?? {}).sort(([, a], [, b]) => b - a);
  if (entries.length === 0) return null;
  return (
    <span className="chips failure-reasons" data-testid="failure-reasons">
      {entries.map(([code, count]) => (
        <span key={code} className="chip chip--reason" title={`k6 error code ${code}`}>
          {errorCodeText(code)} × {formatCount(count)}
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
    return ['INVALID_ARGUMENT', 'NOT_FOUND', 'ALREADY_EXISTS', 'PERMISSION_DENIED', 'UNAUTHENTICATED', 'RESOURCE_EXHAUSTED', 'FAILED_PRECONDITION', 'OUT_OF_RANGE'].includes(name) ? 'client' : 'server';
  }
  const code = Number(status);
  if (code >= 200 && code < 400) return 'ok';
  if (code >= 400 && code < 500) return 'client';
  return 'server';
}
