import { GRPC_STATUS_CODES } from './plan-steps.js';

/**
 * Statuses of request rows across protocols. A row's `status` is a number: the HTTP status
 * (0 when no response arrived), 101 for WebSocket connections and round trips that
 * succeeded, or, for method "GRPC", the gRPC status code, where 0 is OK. So the summary keys
 * gRPC statuses by name ("grpc:OK", "grpc:RESOURCE_EXHAUSTED") in statusCounts: they never
 * mix with HTTP's "0" (no response) or any HTTP status, and read as what they are.
 */

/** The method of gRPC rows (unary calls). */
export const GRPC_METHOD = 'GRPC';

const GRPC_NAMES = new Map<number, string>(Object.entries(GRPC_STATUS_CODES).map(([name, code]) => [code, name]));

export const GRPC_STATUS_PREFIX = 'grpc:';

/** "grpc:RESOURCE_EXHAUSTED" for 8; "grpc:<n>" for a code gRPC does not define. */
export function grpcStatusKey(code: number): string {
  return `${GRPC_STATUS_PREFIX}${GRPC_NAMES.get(code) ?? code}`;
}

/** How a row's status is keyed in statusCounts. */
export function statusKey(row: { method: string; status: number }): string {
  return row.method === GRPC_METHOD ? grpcStatusKey(row.status) : String(row.status);
}

/**
 * Keys of answers that did not come: HTTP/WebSocket "0"; for gRPC, UNAVAILABLE (the
 * connection failed or broke) and DEADLINE_EXCEEDED (no answer within the call's timeout),
 * which is what gRPC clients report when nothing came back (a server may send them too).
 */
export const NO_RESPONSE_KEYS: readonly string[] = ['0', grpcStatusKey(GRPC_STATUS_CODES.UNAVAILABLE), grpcStatusKey(GRPC_STATUS_CODES.DEADLINE_EXCEEDED)];

/** Keys of a rate limiter's answer: HTTP 429 and gRPC RESOURCE_EXHAUSTED. */
export const RATE_LIMITED_KEYS: readonly string[] = ['429', grpcStatusKey(GRPC_STATUS_CODES.RESOURCE_EXHAUSTED)];

/**
 * Keys that mean the run was misconfigured when unexpected, by what they mean in HTTP terms:
 * credentials (401: UNAUTHENTICATED), permissions (403: PERMISSION_DENIED), and a path or
 * method the target does not have (404: UNIMPLEMENTED, the gRPC answer to an unknown method;
 * gRPC NOT_FOUND is about data, not the address, so it is left out).
 */
export const CONFIGURATION_KEYS = {
  status401: ['401', grpcStatusKey(GRPC_STATUS_CODES.UNAUTHENTICATED)],
  status403: ['403', grpcStatusKey(GRPC_STATUS_CODES.PERMISSION_DENIED)],
  status404: ['404', grpcStatusKey(GRPC_STATUS_CODES.UNIMPLEMENTED)],
} as const;

/** Whether a row got an answer from the target (for telling an unreachable target). */
export function gotResponse(row: { method: string; status: number }): boolean {
  return !NO_RESPONSE_KEYS.includes(statusKey(row));
}
