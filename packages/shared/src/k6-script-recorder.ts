/**
 * How a generated script records what k6 does not emit per request itself: each HTTP
 * response's body size (k6's data_received is counted per VU iteration), WebSocket
 * connections and round trips, and requests that failed before any answer.
 *
 * - On Loadline's runners (`native`): through k6/x/loadline, a module of the runner's k6 build
 *   (apps/runner/k6-extension/recorder.go) whose native functions hand each figure straight to
 *   Loadline's k6 output. No custom metric: a metric's add built a tag set and a sample that
 *   went through k6's sample channel and metrics engine, ~16 % of k6's CPU per plain GET.
 * - Elsewhere (the script a user downloads and runs on a stock k6, which has no such module):
 *   the same figures as custom metrics, tagged as k6 tags the request's http_req_duration,
 *   which the runner's k6 output also groups with the request (request_keys.go).
 */

/** The custom trend of response body sizes (bytes), in scripts for a stock k6. */
export const RESPONSE_BYTES_METRIC = 'loadline_response_bytes';
/** The custom trend of WebSocket connections that opened and round trips that completed (ms). */
export const REQUEST_METRIC = 'loadline_request';
/** The custom counter of requests that failed before any answer (WebSocket, gRPC connections and calls that could not be made). */
export const FAILED_REQUEST_METRIC = 'loadline_request_failed';

/** The module of the runner's k6 build the native recorder imports. */
export const RECORDER_MODULE = 'k6/x/loadline';

export interface RecorderChoice {
  /** k6/x/loadline is there: the script runs on Loadline's runner (or needs its k6 build anyway). */
  native: boolean;
  /** The plan has WebSocket or gRPC requests: recordCompleted / recordFailed are needed too. */
  timed: boolean;
}

/** The import lines the recorder needs. */
export function recorderImports({ native, timed }: RecorderChoice): string[] {
  if (native) return [`import * as loadline from '${RECORDER_MODULE}';`];
  return [`import { ${timed ? 'Counter, Trend' : 'Trend'} } from 'k6/metrics';`];
}

/** recordResponseBytes(step, response), and with `timed` recordCompleted / recordFailed, as script text. */
export function recorderRuntime(choice: RecorderChoice): string {
  const http = choice.native ? NATIVE_HTTP : PORTABLE_HTTP;
  const timed = choice.timed ? (choice.native ? NATIVE_TIMED : PORTABLE_TIMED) : '';
  return http + timed;
}

const NATIVE_HTTP = String.raw`
/**
 * The size of a response's body, in the row of the request's http_req_duration (k6/x/loadline
 * reads the status, error code and body off the response; the request is registered once per VU).
 * A request without a response has no size.
 */
function recordResponseBytes(step, response) {
  if (step.recorderKey === undefined) step.recorderKey = loadline.httpRequest(step.name, step.method, step.expect ? step.expect.status : null);
  loadline.responseBytes(step.recorderKey, response);
}
`;

const NATIVE_TIMED = String.raw`
/** A request that completed, with its latency (ms). */
const recordCompleted = loadline.completed;
/** recordFailed(name, method, status, errorCode, count = 1): requests that failed before any answer, without a latency. */
const recordFailed = loadline.failed;
`;

const PORTABLE_HTTP = String.raw`
const RESPONSE_BYTES = new Trend('${RESPONSE_BYTES_METRIC}');

/** A body's size in bytes: an ArrayBuffer's length, or what a text is in UTF-8. */
function bodyBytes(body) {
  if (body === null || body === undefined) return 0;
  if (typeof body !== 'string') return body.byteLength;
  // Most bodies are ASCII, one byte per character; the regular expression runs natively.
  if (!/[^\x00-\x7f]/.test(body)) return body.length;
  let bytes = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < body.length) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The size of a response's body, tagged as k6 tags the request's http_req_duration (its
 * name, method, status, expected_response and error_code), so the k6 output puts it in the
 * request's row. A request without a response has no size.
 */
function recordResponseBytes(step, response) {
  if (!response.status) return;
  const expected = step.expect ? step.expect.status.indexOf(response.status) >= 0 : response.status >= 200 && response.status <= 399;
  const tags = { name: step.name, method: step.method, status: String(response.status), expected_response: expected ? 'true' : 'false' };
  if (response.error_code) tags.error_code = String(response.error_code);
  RESPONSE_BYTES.add(bodyBytes(response.body), tags);
}
`;

const PORTABLE_TIMED = String.raw`
const REQUESTS = new Trend('${REQUEST_METRIC}', true);
const FAILED_REQUESTS = new Counter('${FAILED_REQUEST_METRIC}');

/** A request that completed, with its latency (ms). */
function recordCompleted(name, method, status, ms) {
  REQUESTS.add(ms > 0 ? ms : 0, { name: name, method: method, status: String(status), expected: 'true' });
}

/** count requests (default 1) that failed with status and errorCode, before any answer: no latency. */
function recordFailed(name, method, status, errorCode, count) {
  const tags = { name: name, method: method, status: String(status), expected: 'false' };
  if (errorCode) tags.error_code = errorCode;
  FAILED_REQUESTS.add(count === undefined ? 1 : count, tags);
}
`;
