/**
 * The fixed part of every generated k6 script: plain JavaScript that runs inside k6 and reads
 * the plan's data (SCENARIOS) the generator embeds. Kept as text, not compiled, so the
 * script a user previews or exports is the whole story. Module scope is per VU in k6, so
 * CAPTURES holds one VU's captured values across its iterations.
 */
export const HTTP_RUNTIME = String.raw`
const CAPTURES = {};

function lookup(reference) {
  if (reference.startsWith('data.')) return dataValue(reference);
  if (reference.startsWith('vars.')) {
    const name = reference.slice(5);
    if (!(name in VARS)) throw new Error('the target has no variable ' + name);
    return VARS[name];
  }
  return reference in CAPTURES ? String(CAPTURES[reference]) : '';
}

/**
 * Templates split once per VU into their text and references (odd places: what split() leaves
 * for the captured group), and filled by concatenation: a regex replace with a callback on
 * every header of every request cost a million-row data plan a few percent of its throughput.
 */
const TEMPLATE_PARTS = {};
const DATA_TEMPLATE_PARTS = {};
const TEMPLATE_REFERENCE = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/;
const DATA_TEMPLATE_REFERENCE = /\{\{\s*(data\.[A-Za-z_][\w.]*)\s*\}\}/;

function fillParts(parts, resolve) {
  // A template that is one reference (a header set to a token) is its value.
  if (parts.length === 3 && parts[0] === '' && parts[2] === '') return '' + resolve(parts[1]);
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) out += resolve(parts[i]) + parts[i + 1];
  return out;
}

/** Fills {{capture}}, {{vars.NAME}} and {{data.set.column}} in a string. */
function fill(text) {
  if (text.indexOf('{{') < 0) return text;
  let parts = TEMPLATE_PARTS[text];
  if (parts === undefined) parts = TEMPLATE_PARTS[text] = text.split(TEMPLATE_REFERENCE);
  return fillParts(parts, lookup);
}

/** Fills only {{data.set.column}}: in checks and capture patterns, where other braces are the user's own text. */
function fillData(text) {
  if (text.indexOf('{{') < 0) return text;
  let parts = DATA_TEMPLATE_PARTS[text];
  if (parts === undefined) parts = DATA_TEMPLATE_PARTS[text] = text.split(DATA_TEMPLATE_REFERENCE);
  return fillParts(parts, dataValue);
}

function fillMap(map) {
  const out = {};
  for (const key of Object.keys(map)) out[key] = fill(map[key]);
  return out;
}

/** Fills references in every string of a JSON value; a string that is only a reference keeps the captured value's type. */
function fillJson(value) {
  if (typeof value === 'string') {
    const whole = /^\{\{\s*([A-Za-z_][\w.]*)\s*\}\}$/.exec(value);
    if (whole && !whole[1].startsWith('vars.') && whole[1] in CAPTURES) return CAPTURES[whole[1]];
    return fill(value);
  }
  if (Array.isArray(value)) return value.map(fillJson);
  if (value && typeof value === 'object') {
    const out = {};
    for (const key of Object.keys(value)) out[key] = fillJson(value[key]);
    return out;
  }
  return value;
}

/** Reads data.items[0].id (optionally $.-prefixed) from a parsed body; undefined when absent. */
function jsonPath(document, path) {
  const parts = path.replace(/^\$\.?/, '').match(/[^.[\]]+|\[\d+\]/g) || [];
  let value = document;
  for (const part of parts) {
    if (value === null || value === undefined) return undefined;
    value = part[0] === '[' ? value[Number(part.slice(1, -1))] : value[part];
  }
  return value;
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    return undefined;
  }
}

function seconds(duration) {
  const units = { ms: 0.001, s: 1, m: 60, h: 3600 };
  const pattern = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let match;
  while ((match = pattern.exec(duration)) !== null) total += Number(match[1]) * units[match[2]];
  return total;
}

function think(range) {
  if (!range) return;
  const min = seconds(range.min);
  const max = seconds(range.max);
  sleep(min + Math.random() * (max - min));
}

function queryString(query) {
  const keys = Object.keys(query);
  if (!keys.length) return '';
  return '?' + keys.map((key) => encodeURIComponent(key) + '=' + encodeURIComponent(fill(query[key]))).join('&');
}

function requestBody(step, headers) {
  const body = step.body;
  if (!body) return null;
  if (body.type === 'json') {
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    return JSON.stringify(fillJson(body.json));
  }
  if (body.type === 'form') return fillMap(body.fields);
  if (body.contentType && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = body.contentType;
  return fill(body.text);
}

function runChecks(step, response) {
  if (!step.checks.length) return;
  let parsed;
  const assertions = {};
  for (const rule of step.checks) {
    if (rule.type === 'status') assertions[step.name + ': status is ' + rule.equals] = (r) => r.status === rule.equals;
    else if (rule.type === 'bodyContains') {
      // The check's name keeps the reference, not the value: names are report rows.
      const wanted = fillData(rule.value);
      assertions[step.name + ': body contains ' + JSON.stringify(rule.value)] = (r) => typeof r.body === 'string' && r.body.indexOf(wanted) >= 0;
    }
    else if (rule.type === 'jsonPath')
      assertions[step.name + ': ' + rule.path + ' is ' + JSON.stringify(rule.equals)] = (r) => {
        if (parsed === undefined) parsed = parseJson(r.body) || null;
        return jsonPath(parsed, rule.path) === (typeof rule.equals === 'string' ? fillData(rule.equals) : rule.equals);
      };
  }
  check(response, assertions, { name: step.name });
}

function runCaptures(step, response) {
  let parsed;
  for (const capture of step.captures) {
    let value;
    if (capture.from === 'json') {
      if (parsed === undefined) parsed = parseJson(response.body) || null;
      value = jsonPath(parsed, capture.path);
    } else if (capture.from === 'header') {
      const wanted = capture.header.toLowerCase();
      const name = Object.keys(response.headers).find((header) => header.toLowerCase() === wanted);
      value = name === undefined ? undefined : response.headers[name];
    } else {
      const match = typeof response.body === 'string' ? new RegExp(fillData(capture.pattern)).exec(response.body) : null;
      value = match ? match[capture.group] : undefined;
    }
    // A missing value is left unset: later {{name}} read as empty, and the run's checks show it.
    if (value !== undefined) CAPTURES[capture.name] = value;
  }
}

function runHttp(step) {
  const headers = Object.assign({}, DEFAULT_HEADERS, fillMap(step.headers));
  const body = requestBody(step, headers);
  // A body a check or capture reads comes as text; every other one as bytes, for its size only.
  const params = { headers: headers, tags: { name: step.name }, responseType: step.readsBody ? 'text' : 'binary' };
  if (step.expect) params.responseCallback = http.expectedStatuses(...step.expect.status);
  const response = http.request(step.method, BASE_URL + fill(step.path) + queryString(step.query), body, params);
  recordResponseBytes(step, response);
  runChecks(step, response);
  runCaptures(step, response);
}
`;

/**
 * What the WebSocket and gRPC runtimes share: the clock they time requests k6 does not time
 * itself with (k6's monotonic test-run clock in fractional milliseconds; Date.now() has whole
 * milliseconds only), and k6's error codes for a connection that failed. They record those
 * requests with recordCompleted / recordFailed (k6-script-recorder.ts).
 */
export const REQUEST_RUNTIME = String.raw`
function clock() {
  return exec.instance.currentTestRunDuration;
}

/** k6's error codes (as on HTTP requests) for a connection that failed, from its message. */
const CONNECT_ERRORS = [
  [/blacklisted/i, '1110'],
  [/blocked hostname|hostname .*blocked/i, '1111'],
  [/no such host/i, '1101'],
  [/lookup /i, '1100'],
  [/connection refused/i, '1212'],
  [/i\/o timeout|timed? ?out|deadline/i, '1211'],
  [/connection reset/i, '1220'],
  [/broken pipe/i, '1201'],
  [/x509|certificate/i, '1310'],
  [/tls/i, '1300'],
];

function connectErrorCode(message) {
  const text = String(message || '');
  for (const [pattern, code] of CONNECT_ERRORS) if (pattern.test(text)) return code;
  return '1000';
}
`;
