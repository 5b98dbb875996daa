import { HTTP_METHODS } from '../plan.js';
import {
  assemble,
  bodyFromText,
  checkSize,
  guarded,
  classifyHeader,
  DroppedHeaders,
  ImportError,
  impliedContentType,
  keepMainOrigin,
  nameFromPath,
  pathAndQuery,
  ROOT,
  type DraftRequest,
  type HttpMethod,
  type ImportResult,
} from './common.js';
import { ShellSyntaxError, splitCommands, type ShellCommand } from './curl-words.js';

/**
 * One or several curl command lines (as browsers' "Copy as cURL" or API docs write them) as
 * a draft plan: one request per URL, in order, as a sequence flow. The method is inferred as
 * curl does (-X, else -I HEAD, -G GET, data POST, -T PUT, else GET); data options are joined
 * with & as curl joins them; credentials (-u, -b, auth headers) are left for the target.
 */

type Handler =
  | 'request'
  | 'header'
  | 'data'
  | 'data-raw'
  | 'data-binary'
  | 'data-urlencode'
  | 'form'
  | 'form-string'
  | 'json'
  | 'get'
  | 'head'
  | 'user'
  | 'user-agent'
  | 'url'
  | 'cookie'
  | 'referer'
  | 'upload-file'
  | 'oauth2-bearer'
  | 'ignore-arg';

const SHORT: Record<string, Handler> = {
  X: 'request',
  H: 'header',
  d: 'data',
  F: 'form',
  G: 'get',
  I: 'head',
  u: 'user',
  A: 'user-agent',
  b: 'cookie',
  e: 'referer',
  T: 'upload-file',
};
/** Short options that take an argument but change nothing in the request. */
const SHORT_WITH_ARG = new Set(['o', 'm', 'w', 'x', 'U', 'E', 'c', 'D', 'r', 'K', 'Y', 'y', 'z', 'C', 'P', 't', 'Q']);
const LONG: Record<string, Handler> = {
  request: 'request',
  header: 'header',
  data: 'data',
  'data-ascii': 'data',
  'data-raw': 'data-raw',
  'data-binary': 'data-binary',
  'data-urlencode': 'data-urlencode',
  form: 'form',
  'form-string': 'form-string',
  json: 'json',
  get: 'get',
  head: 'head',
  user: 'user',
  'user-agent': 'user-agent',
  url: 'url',
  cookie: 'cookie',
  referer: 'referer',
  'upload-file': 'upload-file',
  'oauth2-bearer': 'oauth2-bearer',
};
const LONG_WITH_ARG = new Set(
  (
    'output max-time connect-timeout write-out proxy proxy-user cert cacert capath key cookie-jar dump-header range config speed-limit ' +
    'speed-time time-cond continue-at retry retry-delay retry-max-time resolve connect-to limit-rate interface local-port max-redirs proto ' +
    'proto-redir proto-default noproxy cert-type key-type ciphers tls-max dns-servers unix-socket abstract-unix-socket aws-sigv4 variable ' +
    'keepalive-time max-filesize output-dir pass pinnedpubkey socks5 socks5-hostname trace trace-ascii stderr netrc-file preproxy ' +
    'proxy-header crlfile engine expect100-timeout happy-eyeballs-timeout-ms url-query request-target ech etag-save etag-compare ' +
    'hsts alt-svc sasl-authzid service-name login-options parallel-max rate'
  ).split(' '),
);
/** Common options that take no argument and change nothing in the request. */
const KNOWN_FLAGS = new Set(
  (
    'compressed silent show-error location insecure verbose include fail fail-with-body globoff http1.0 http1.1 http2 http2-prior-knowledge ' +
    'http3 no-buffer no-keepalive progress-bar remote-name remote-name-all ipv4 ipv6 tlsv1.2 tlsv1.3 raw no-progress-meter location-trusted ' +
    'path-as-is tcp-nodelay ssl-no-revoke disable no-alpn no-sessionid styled-output create-dirs digest basic ntlm anyauth negotiate'
  ).split(' '),
);

interface Parsed {
  method?: string;
  head: boolean;
  get: boolean;
  upload: boolean;
  headers: { name: string; value: string; explicit?: boolean }[];
  data: string[];
  json: boolean;
  form: [string, string][];
  urls: string[];
}

function parseCommand(command: ShellCommand, warnings: string[], dropped: DroppedHeaders): Parsed {
  const where = `line ${command.line}`;
  const [program, ...words] = command.words[0]?.text === '$' ? command.words.slice(1) : command.words;
  if (!program || !/(^|\/)curl(\.exe)?$/.test(program.text))
    throw new ImportError('curl', where, `expected a curl command, found "${(program?.text ?? '').slice(0, 40)}"`);
  const parsed: Parsed = { head: false, get: false, upload: false, headers: [], data: [], json: false, form: [], urls: [] };
  const note = (text: string): void => void warnings.push(`line ${command.line}: ${text}`);
  const fileNote = (option: string): void => note(`${option} reads a file, which an import cannot: add that body by hand.`);

  const addHeader = (value: string, option: string): void => {
    if (value.startsWith('@')) return fileNote(option);
    const colon = value.indexOf(':');
    const semicolon = value.indexOf(';');
    // "Name;" sends an empty header; "Name:" removes one curl would send (nothing to do).
    if (colon < 0 && semicolon > 0 && !value.slice(semicolon + 1).trim()) parsed.headers.push({ name: value.slice(0, semicolon).trim(), value: '' });
    else if (colon > 0 && value.slice(colon + 1).trim()) parsed.headers.push({ name: value.slice(0, colon).trim(), value: value.slice(colon + 1).trim() });
    else if (colon <= 0) note(`${option} ${value.slice(0, 60)} is not "Name: value"; left out.`);
  };

  const apply = (handler: Handler, value: string, option: string): void => {
    switch (handler) {
      case 'request':
        parsed.method = value.toUpperCase();
        return;
      case 'header':
        return addHeader(value, option);
      case 'data':
      case 'data-binary':
      case 'json':
        if (value.startsWith('@')) return fileNote(option);
        if (handler === 'json') parsed.json = true;
        parsed.data.push(value);
        return;
      case 'data-raw':
        parsed.data.push(value);
        return;
      case 'data-urlencode': {
        const match = /^([^=@]*)([=@])?(.*)$/s.exec(value)!;
        if (match[2] === '@') return fileNote(option);
        const [name, content] = match[2] === '=' ? [match[1]!, match[3]!] : ['', match[1]! + match[3]!];
        parsed.data.push((name ? `${name}=` : '') + encodeURIComponent(content));
        return;
      }
      case 'form':
      case 'form-string': {
        const eq = value.indexOf('=');
        if (eq <= 0) return note(`${option} ${value} is not name=value; left out.`);
        const content = value.slice(eq + 1);
        if (handler === 'form' && /^[@<]/.test(content)) return note(`${option} ${value.slice(0, eq)}: file uploads are left out.`);
        parsed.form.push([value.slice(0, eq), handler === 'form' ? content.replace(/;(type|filename|headers|encoder)=.*$/, '') : content]);
        return;
      }
      case 'get':
        parsed.get = true;
        return;
      case 'head':
        parsed.head = true;
        return;
      case 'upload-file':
        parsed.upload = true;
        return fileNote(option);
      case 'user':
        return dropped.note('credential', `user:password (${option})`);
      case 'oauth2-bearer':
        return dropped.note('credential', `bearer token (${option})`);
      case 'cookie':
        return dropped.note('credential', `cookie (${option})`);
      case 'user-agent':
        parsed.headers.push({ name: 'User-Agent', value, explicit: true });
        return;
      case 'referer':
        parsed.headers.push({ name: 'Referer', value });
        return;
      case 'url':
        parsed.urls.push(value);
        return;
      case 'ignore-arg':
        return;
    }
  };

  for (let i = 0; i < words.length; i++) {
    const text = words[i]!.text;
    const takeArg = (option: string): string => {
      const next = words[++i];
      if (!next) throw new ImportError('curl', `line ${words[i - 1]!.line}`, `${option} needs a value`);
      return next.text;
    };
    if (text.startsWith('--') && text.length > 2) {
      const long = text.slice(2);
      if (LONG[long]) apply(LONG[long], ['get', 'head'].includes(LONG[long]) ? '' : takeArg(text), text);
      else if (LONG_WITH_ARG.has(long)) takeArg(text);
      else if (!KNOWN_FLAGS.has(long) && !long.startsWith('no-')) note(`ignored ${text}.`);
    } else if (text.startsWith('-') && text.length > 1) {
      for (let j = 1; j < text.length; j++) {
        const letter = text[j]!;
        const handler = SHORT[letter] ?? (SHORT_WITH_ARG.has(letter) ? 'ignore-arg' : undefined);
        if (!handler) continue;
        if (handler === 'get' || handler === 'head') {
          apply(handler, '', `-${letter}`);
          continue;
        }
        apply(handler, j + 1 < text.length ? text.slice(j + 1) : takeArg(`-${letter}`), `-${letter}`);
        break;
      }
    } else parsed.urls.push(text);
  }
  if (!parsed.urls.length) throw new ImportError('curl', where, 'the command has no URL');
  return parsed;
}

/** curl's choice of method: -X, else -I HEAD, -G GET, data or form POST, -T PUT, else GET. */
function methodOf(parsed: Parsed): string {
  if (parsed.method) return parsed.method;
  if (parsed.head) return 'HEAD';
  if (parsed.get) return 'GET';
  if (parsed.data.length || parsed.form.length) return 'POST';
  return parsed.upload ? 'PUT' : 'GET';
}

interface Located {
  url: URL;
  request: DraftRequest;
}

function requestsOf(command: ShellCommand, parsed: Parsed, warnings: string[], dropped: DroppedHeaders): Located[] {
  const where = `line ${command.line}`;
  const method = methodOf(parsed);
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    warnings.push(`${where}: left out: plans do not send ${method} requests.`);
    return [];
  }
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const header of parsed.headers) {
    const verdict = header.explicit ? 'keep' : classifyHeader(header.name, header.value);
    if (verdict === 'content-type') contentType = header.value;
    else if (verdict === 'keep') headers[header.name] = header.value;
    else dropped.note(verdict, header.name);
  }
  const hasHeader = (name: string) => parsed.headers.some((header) => header.name.toLowerCase() === name);
  if (parsed.json && !hasHeader('accept')) headers.Accept = 'application/json';
  let body: DraftRequest['body'];
  let extraQuery = '';
  if (parsed.get) extraQuery = parsed.data.join('&');
  else if (parsed.form.length) {
    body = { type: 'form', fields: Object.fromEntries(parsed.form) };
    warnings.push(`${where}: its -F form is sent urlencoded, not as multipart/form-data.`);
    contentType = undefined;
  } else if (parsed.data.length) {
    contentType ??= parsed.json ? 'application/json' : 'application/x-www-form-urlencoded';
    body = bodyFromText(parsed.data.join(parsed.json ? '' : '&'), contentType);
  }
  if (contentType && !impliedContentType(body, contentType)) headers['Content-Type'] = contentType;

  const located: Located[] = [];
  for (const raw of parsed.urls) {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
    } catch {
      throw new ImportError('curl', where, `"${raw.slice(0, 200)}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      warnings.push(`${where}: left out ${url.protocol}// URL (not HTTP).`);
      continue;
    }
    if (url.username || url.password) {
      dropped.note('credential', 'user:password in the URL');
      url.username = '';
      url.password = '';
    }
    if (extraQuery) url.search = url.search ? `${url.search}&${extraQuery}` : `?${extraQuery}`;
    const { path, query } = pathAndQuery(url);
    located.push({
      url,
      request: { name: nameFromPath(method, url.pathname), method: method as HttpMethod, path, query, headers: { ...headers }, ...(body ? { body } : {}) },
    });
  }
  return located;
}

function readCurl(text: string): ImportResult {
  checkSize('curl', text);
  const cmdLine = text.split('\n').findIndex((line) => /\^\s*$/.test(line) || /\^"/.test(line));
  if (cmdLine >= 0) throw new ImportError('curl', `line ${cmdLine + 1}`, 'this is Windows cmd quoting (^); copy as cURL (bash) instead');
  let commands: ShellCommand[];
  try {
    commands = splitCommands(text);
  } catch (error) {
    if (error instanceof ShellSyntaxError) throw new ImportError('curl', `line ${error.line}`, error.problem);
    throw error;
  }
  if (!commands.length) throw new ImportError('curl', ROOT, 'has no curl command');
  const warnings: string[] = [];
  const dropped = new DroppedHeaders();
  const located = commands.flatMap((command) => requestsOf(command, parseCommand(command, warnings, dropped), warnings, dropped));
  if (!located.length) throw new ImportError('curl', ROOT, 'has no HTTP request to import');
  const { origin, kept } = keepMainOrigin(located, (item) => item.url, warnings);
  warnings.unshift(...dropped.warnings());
  if (kept.some(({ request }) => /\$\{?[A-Za-z_]/.test(JSON.stringify([request.path, request.query, request.headers, request.body])))) {
    warnings.push('Shell variables ($NAME) are sent as written: replace them with values or {{vars.NAME}}.');
  }
  return assemble({
    format: 'curl',
    name: `curl requests to ${new URL(origin).host}`,
    flow: 'sequence',
    requests: kept.map((item) => item.request),
    suggestedBaseUrl: origin,
    warnings,
  });
}

/** Reads curl command lines; throws ImportError naming the line it cannot read. */
export const importCurl = guarded('curl', readCurl);
