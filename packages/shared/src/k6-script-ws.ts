import { durationToSeconds } from './duration.js';
import type { WsStep } from './plan-steps.js';

/** A WebSocket request's report rows: method "WS"; 101 for a connection or a round trip that succeeded. */
export const WS_METHOD = 'WS';
export const WS_OK_STATUS = 101;

/**
 * k6 error codes on WebSocket rows beyond those of a failed connection: a reply that did not
 * come within replyTimeout (k6's request timeout code), and a connection that closed while a
 * reply was awaited.
 */
export const WS_ERROR_CODES = { replyTimeout: '1050', closedBeforeReply: '1000' } as const;

/**
 * The report row of a WebSocket step's connections. A step that awaits replies reports its
 * round trips under its own name and its connections under "<name> (connect)" (request names
 * cannot hold parentheses, so this never clashes with a step's name): the two latencies are
 * of different things and one histogram of both would describe neither. A step that awaits
 * no reply reports its connections under its own name.
 */
export function wsConnectRowName(step: Pick<WsStep, 'name' | 'awaitReply' | 'messages'>): string {
  return wsAwaitsReplies(step) ? `${step.name} (connect)` : step.name;
}

export function wsAwaitsReplies(step: Pick<WsStep, 'awaitReply' | 'messages'>): boolean {
  return step.awaitReply && step.messages.length > 0;
}

/** The data of a WebSocket step as the runtime reads it. */
export function wsStepData(step: WsStep): Record<string, unknown> {
  return {
    protocol: step.protocol,
    name: step.name,
    connectName: wsConnectRowName(step),
    path: step.path,
    query: step.query,
    headers: step.headers,
    messages: step.messages,
    awaitReply: wsAwaitsReplies(step),
    // k6/ws timers need a delay above zero.
    replyTimeoutMs: Math.max(1, durationToSeconds(step.replyTimeout) * 1000),
    holdMs: durationToSeconds(step.holdFor) * 1000,
    checks: step.checks,
    thinkTime: step.thinkTime ?? null,
  };
}

/**
 * WebSocket steps on k6/ws, whose connect() runs its own event loop and returns when the
 * socket closes, so a step is one session in a VU like an HTTP request: connect (timed, one
 * row under connectName), send each message in turn and, when replies are awaited, time the
 * round trip to the next message received (one row each under the step's name); then hold
 * the connection open for holdMs and close it. A reply that does not come within
 * replyTimeout fails its row and ends the session (a late reply must not be taken for the
 * next message's); every message the session then cannot send fails too, as do all of them
 * when the connection fails, so the step's error rate counts the exchanges that did not
 * happen. Failures are counted with their status and error code and never timed: latencies
 * are of connections that opened and round trips that completed. Needs REQUEST_RUNTIME
 * (recordCompleted, recordFailed, clock, connectErrorCode).
 */
export const WS_RUNTIME = String.raw`
/** ws:// or wss:// for the target: an http(s) base URL maps to ws(s). */
const WS_BASE_URL = BASE_URL.replace(/^http/i, 'ws');

function runReplyChecks(step, data) {
  if (!step.checks.length) return;
  const assertions = {};
  for (const rule of step.checks) {
    const wanted = fillData(rule.value);
    assertions[step.name + ': reply contains ' + JSON.stringify(rule.value)] = (text) => typeof text === 'string' && text.indexOf(wanted) >= 0;
  }
  check(data, assertions, { name: step.name });
}

function runWs(step) {
  const url = WS_BASE_URL + fill(step.path) + queryString(step.query);
  const headers = Object.assign({}, DEFAULT_HEADERS, fillMap(step.headers));
  const messages = step.messages.map(fill);
  let connected = false;
  let next = 0;
  // The message whose reply is awaited: { index, sentAt }.
  let pending = null;
  // The messages the session will not send, failed with the reason the session ended.
  const failRest = (status, errorCode) => {
    if (!step.awaitReply || next >= messages.length) return;
    recordFailed(step.name, '${WS_METHOD}', status, errorCode, messages.length - next);
    next = messages.length;
  };
  const started = clock();
  const response = ws.connect(url, { headers: headers, tags: { name: step.name } }, function (socket) {
    connected = true;
    recordCompleted(step.connectName, '${WS_METHOD}', ${WS_OK_STATUS}, clock() - started);

    const fail = (errorCode) => {
      recordFailed(step.name, '${WS_METHOD}', 0, errorCode);
      pending = null;
      failRest(0, errorCode);
    };

    function sendNext() {
      while (next < messages.length) {
        const index = next++;
        if (!step.awaitReply) {
          socket.send(messages[index]);
          continue;
        }
        pending = { index: index, sentAt: clock() };
        socket.send(messages[index]);
        socket.setTimeout(() => {
          if (!pending || pending.index !== index) return;
          fail('${WS_ERROR_CODES.replyTimeout}');
          socket.close();
        }, step.replyTimeoutMs);
        return;
      }
      if (step.holdMs > 0) socket.setTimeout(() => socket.close(), step.holdMs);
      else socket.close();
    }

    socket.on('message', (data) => {
      if (pending) {
        const roundTrip = clock() - pending.sentAt;
        pending = null;
        recordCompleted(step.name, '${WS_METHOD}', ${WS_OK_STATUS}, roundTrip);
        runReplyChecks(step, data);
        sendNext();
      } else if (!step.awaitReply) {
        runReplyChecks(step, data);
      }
    });
    socket.on('close', () => {
      if (pending) fail('${WS_ERROR_CODES.closedBeforeReply}');
    });
    socket.on('open', sendNext);
  });
  if (!connected) {
    // Refused, unreachable, or a handshake the server answered with another status.
    const status = response && response.status ? response.status : 0;
    const errorCode = status ? '' : connectErrorCode(response && response.error);
    recordFailed(step.connectName, '${WS_METHOD}', status, errorCode);
    failRest(status, errorCode);
  }
}
`;
