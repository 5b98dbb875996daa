import { describeErrorCode, type RunSummary } from '@loadline/shared';

/** One reason requests failed, as the per-request table shows it: "connection refused × 40". */
export interface FailureReason {
  code: string;
  label: string;
  count: number;
}

/**
 * Why a row's requests failed, where the status alone does not say (k6's error codes, see
 * error-codes.ts in packages/shared), most frequent first. Summaries stored before reasons
 * were kept have none.
 */
export function failureReasons(errorCodes: Record<string, number> | undefined): FailureReason[] {
  return Object.entries(errorCodes ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a, ca], [b, cb]) => cb - ca || a.localeCompare(b))
    .map(([code, count]) => ({ code, label: describeErrorCode(code), count }));
}

/** The size columns are shown when any request was sized (HTTP requests of generated plans). */
export function hasResponseSizes(summary: Pick<RunSummary, 'requests'>): boolean {
  return summary.requests.some((request) => request.responseBytes);
}
