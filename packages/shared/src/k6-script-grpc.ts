import { GRPC_STATUS_CODES, type GrpcStep } from './plan-steps.js';
import type { PlanSpec } from './plan.js';
import { GRPC_METHOD } from './request-status.js';

/** Where the runner writes the plan's .proto, beside script.js (k6 loads protos from files). */
export const GRPC_PROTO_FILE = 'loadline.proto';

/** How the generated script learns the service: server reflection when the plan asks for it, else the plan's .proto. */
export function grpcMode(spec: PlanSpec): { reflect: boolean; proto: string | null } {
  const settings = spec.grpc;
  if (!settings || settings.reflection || !settings.proto?.trim()) return { reflect: true, proto: null };
  return { reflect: false, proto: settings.proto };
}

/** The data of a gRPC step as the runtime reads it. */
export function grpcStepData(step: GrpcStep): Record<string, unknown> {
  return {
    protocol: step.protocol,
    name: step.name,
    method: step.method,
    message: step.message,
    metadata: step.metadata,
    // Read by the k6 output to tell expected statuses from errors (see grpcRequestKey in the extension).
    expectedCodes: step.expectCodes.join(','),
    timeout: step.timeout,
    thinkTime: step.thinkTime ?? null,
  };
}

/**
 * gRPC steps on k6/net/grpc: one client per VU, connected on its first gRPC step (plaintext
 * for grpc:// and http://, TLS otherwise), loading the service from the plan's .proto at init
 * or by server reflection on connect. Unary calls are timed by k6 itself (grpc_req_duration,
 * tagged with the step name and its expected codes). A connection that fails, or a call
 * that cannot be made (a method the service does not have, a message that does not fit),
 * is counted as a failed request with the gRPC status it amounts to, and no latency; the
 * next step tries again. Needs REQUEST_RUNTIME (recordFailed, connectErrorCode).
 */
export const GRPC_RUNTIME = String.raw`
const GRPC_STATUS = ${JSON.stringify(GRPC_STATUS_CODES)};

function grpcTarget(base) {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)/i.exec(base);
  if (!match) throw new Error('LOADLINE_BASE_URL is not a URL: ' + base);
  const scheme = match[1].toLowerCase();
  const plaintext = scheme === 'grpc' || scheme === 'http';
  let address = match[2];
  if (!/:\d+$/.test(address)) address += plaintext ? ':80' : ':443';
  return { address: address, plaintext: plaintext };
}

const GRPC_TARGET = grpcTarget(BASE_URL);
const GRPC_CLIENT = new grpc.Client();
if (GRPC.proto) {
  // Init context: k6 reads the file beside the script. Every method the plan calls must be in it.
  const known = (GRPC_CLIENT.load([], GRPC.proto) || []).map((method) => method.full_method);
  for (const scenario of SCENARIOS) {
    for (const step of scenario.steps) {
      if (step.protocol === 'grpc' && known.indexOf('/' + step.method) < 0) {
        throw new Error('gRPC method ' + step.method + ' (request "' + step.name + '") is not in the plan\'s .proto; it has: ' + known.join(', '));
      }
    }
  }
}
let grpcConnected = false;
const grpcReported = {};

/** Metadata names gRPC reserves for itself, left out of the target's default headers. */
const GRPC_RESERVED = /^(content-type|te|host|connection|user-agent|grpc-.*)$/i;

function grpcMetadata(step) {
  const metadata = {};
  for (const name of Object.keys(DEFAULT_HEADERS)) if (!GRPC_RESERVED.test(name)) metadata[name.toLowerCase()] = DEFAULT_HEADERS[name];
  return Object.assign(metadata, fillMap(step.metadata));
}

/** The gRPC status named in a grpc-go error ("rpc error: code = Unavailable desc = ..."), else fallback. */
function grpcStatusOf(error, fallback) {
  const match = /code = (\w+)/.exec(String(error));
  if (!match) return fallback;
  const name = match[1].replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase().replace('CANCELED', 'CANCELLED');
  return name in GRPC_STATUS ? GRPC_STATUS[name] : fallback;
}

function grpcFailed(step, status, errorCode, error) {
  recordFailed(step.name, '${GRPC_METHOD}', status, errorCode);
  // Said once per VU and request, not once per iteration.
  if (!grpcReported[step.name]) console.error('gRPC request "' + step.name + '" failed: ' + error);
  grpcReported[step.name] = true;
}

function runGrpc(step) {
  if (!grpcConnected) {
    try {
      GRPC_CLIENT.connect(GRPC_TARGET.address, { plaintext: GRPC_TARGET.plaintext, reflect: GRPC.reflect, timeout: step.timeout });
      grpcConnected = true;
    } catch (error) {
      // A dial that worked before reflection failed leaves a connection open: close it before trying again.
      try {
        GRPC_CLIENT.close();
      } catch (ignored) {
        // nothing was open
      }
      grpcFailed(step, grpcStatusOf(error, GRPC_STATUS.UNAVAILABLE), connectErrorCode(error), error);
      return;
    }
  }
  try {
    GRPC_CLIENT.invoke(step.method, fillJson(step.message), {
      metadata: grpcMetadata(step),
      tags: { name: step.name, expected_codes: step.expectedCodes },
      timeout: step.timeout,
      discardResponseMessage: true,
    });
  } catch (error) {
    // The call was not made: k6 refused it before sending (unknown method, a message that does not fit the type).
    const status = /not found/i.test(String(error)) ? GRPC_STATUS.UNIMPLEMENTED : GRPC_STATUS.INVALID_ARGUMENT;
    grpcFailed(step, status, '1000', error);
  }
}
`;
