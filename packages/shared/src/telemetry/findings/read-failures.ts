import type { TelemetryFinding } from '../report.js';
import type { TelemetrySecond } from '../sample.js';
import type { TelemetryFindingsInput } from './index.js';
import type { SourceView } from './series.js';

/**
 * Why a read failed, in words. The runner's own message is not quoted: it may name the
 * source's URL (and a token in its query string) and the report is shared; only an HTTP
 * status is taken from it.
 */
function reasonOf(error: NonNullable<TelemetrySecond['error']>): string {
  switch (error.code) {
    case 'REFUSED':
      return 'connection refused';
    case 'TIMEOUT':
      return 'no answer within its timeout';
    case 'TOO_LARGE':
      return 'answer larger than allowed';
    case 'REDIRECT':
      return 'answered with a redirect, not followed';
    case 'BAD_STATUS': {
      const status = /\b([1-5]\d\d)\b/.exec(error.message);
      return status ? `answered HTTP ${status[1]}` : 'answered an error status';
    }
    case 'PARSE':
      return 'answer not in the Prometheus text format';
    case 'TOO_MANY_SERIES':
      return 'too many series';
    case 'NOT_ALLOWED':
      return 'address not allowed';
    case 'QUERY':
      return 'the query failed';
  }
}

/**
 * Sources that could not be read for part of the run: "Scrape of worker failed 12 of 60 s:
 * connection refused". A warning, never a failed run: the load's own figures stand.
 */
export function readFailureFindings(input: TelemetryFindingsInput, views: readonly SourceView[]): TelemetryFinding[] {
  const found: TelemetryFinding[] = [];
  for (const view of views) {
    const failed = view.seconds.filter((second) => second.error);
    if (!failed.length) continue;
    const reasons = new Map<string, number>();
    const codes: Record<string, number> = {};
    for (const second of failed) {
      const reason = reasonOf(second.error!);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      codes[second.error!.code] = (codes[second.error!.code] ?? 0) + 1;
    }
    const sorted = [...reasons].sort((a, b) => b[1] - a[1]);
    const words = sorted.length === 1 ? sorted[0]![0] : sorted.map(([reason, seconds]) => `${reason} (${seconds} s)`).join(', ');
    const read = view.catalog.kind === 'scrape' ? 'Scrape' : 'Query';
    const all = failed.length === view.seconds.length;
    found.push({
      code: 'TELEMETRY_READ_FAILED',
      severity: 'warning',
      source: view.name,
      message: `${read} of ${view.name} failed ${failed.length} of ${view.seconds.length} s: ${words}${all ? '; nothing was read from it' : ''}.`,
      atSeconds: failed[0]!.t - input.loadStart,
      evidence: { failedSeconds: failed.length, seconds: view.seconds.length, ...codes },
    });
  }
  return found;
}
