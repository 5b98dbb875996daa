/**
 * Why requests failed, from k6's error codes (the `error_code` tag: HTTP requests get k6's
 * own, WebSocket and gRPC rows the same codes from the generated script, see
 * k6-script-runtime.ts). The summary counts them per request name (`errorCodes`) so a report
 * can say "connection refused × 40" where the status alone says "no response".
 */

/** k6 v1.8's codes (lib/netext/httpext/error_codes.go) in words. */
const K6_ERROR_CODES: Readonly<Record<string, string>> = {
  '1000': 'failed',
  '1010': 'network error',
  '1020': 'invalid URL',
  '1050': 'timed out',
  '1100': 'DNS lookup failed',
  '1101': 'no such host',
  '1110': 'address blocked',
  '1111': 'host name blocked',
  '1200': 'TCP error',
  '1201': 'broken pipe',
  '1202': 'network error',
  '1210': 'could not connect',
  '1211': 'connect timed out',
  '1212': 'connection refused',
  '1213': 'could not connect',
  '1220': 'connection reset',
  '1300': 'TLS error',
  '1301': 'TLS error',
  '1310': 'unknown certificate authority',
  '1311': 'certificate does not match the host',
  '1701': 'body could not be decompressed',
};

/** HTTP/2 code ranges: GOAWAY 1610-1623, stream 1630-1643, connection 1650-1663. */
const HTTP2_RANGES: readonly [number, number, string][] = [
  [1600, 1629, 'HTTP/2 GOAWAY'],
  [1630, 1649, 'HTTP/2 stream error'],
  [1650, 1669, 'HTTP/2 connection error'],
];

/** A k6 error code in words: "connection refused" for 1212; "error 1234" for a code k6 does not name. */
export function describeErrorCode(code: string): string {
  const known = K6_ERROR_CODES[code];
  if (known) return known;
  const n = Number(code);
  const range = HTTP2_RANGES.find(([from, to]) => n >= from && n <= to);
  if (range) return range[2];
  if (n >= 1400 && n < 1600) return `HTTP ${n - 1000}`;
  return `error ${code}`;
}

/**
 * The reason a row failed, when its error code says more than its status: k6 gives HTTP
 * 4xx/5xx answers the code 1000 + status, which only repeats the status, so those are left
 * out. Null when there is nothing to add.
 */
export function failureReason(row: { status: number; errorCode: string }): string | null {
  if (!row.errorCode) return null;
  if (row.status >= 400 && row.errorCode === String(1000 + row.status)) return null;
  return row.errorCode;
}
