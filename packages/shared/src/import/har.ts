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
  isRecord,
  keepMainOrigin,
  nameFromPath,
  parseJson,
  pathAndQuery,
  type DraftRequest,
  type HttpMethod,
  type ImportResult,
} from './common.js';

/**
 * A HAR 1.2 recording (browser dev tools' "Save all as HAR") as a draft plan: one request per
 * entry, in recorded order, as a sequence flow. Static assets are left out (unless nothing
 * else was recorded), and so are requests to other origins than the most common one, CORS
 * preflights and recorded credentials; each is reported.
 */

const STATIC_EXTENSIONS = /\.(js|mjs|cjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp4|webm|ogg|mp3|wav|m4a|wasm|pdf)$/i;
const STATIC_TYPES = /^(image|font|video|audio)\/|^text\/css|javascript|ecmascript|^application\/(wasm|font|x-font)/i;
const STATIC_RESOURCE_TYPES = new Set(['stylesheet', 'script', 'image', 'font', 'media', 'manifest', 'texttrack', 'other-static']);

interface Entry {
  index: number;
  method: HttpMethod;
  url: URL;
  headers: { name: string; value: string }[];
  postData?: { mimeType?: string; text?: string; params?: unknown };
  status: number;
  isStatic: boolean;
  isPreflight: boolean;
}

const at = (index: number, rest: string) => `log.entries[${index}].${rest}`;

function isStaticAsset(entry: Record<string, unknown>, url: URL): boolean {
  if (typeof entry._resourceType === 'string' && STATIC_RESOURCE_TYPES.has(entry._resourceType)) return true;
  const response = isRecord(entry.response) ? entry.response : {};
  const content = isRecord(response.content) ? response.content : {};
  if (typeof content.mimeType === 'string' && STATIC_TYPES.test(content.mimeType)) return true;
  return STATIC_EXTENSIONS.test(url.pathname);
}

function readEntry(raw: unknown, index: number, warnings: string[]): Entry | null {
  if (!isRecord(raw)) throw new ImportError('har', `log.entries[${index}]`, 'is not an object');
  const request = raw.request;
  if (!isRecord(request)) throw new ImportError('har', at(index, 'request'), 'is missing');
  if (typeof request.url !== 'string') throw new ImportError('har', at(index, 'request.url'), 'is missing');
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new ImportError('har', at(index, 'request.url'), 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    if (url.protocol !== 'data:' && url.protocol !== 'blob:') warnings.push(`Left out log.entries[${index}]: ${url.protocol}// requests are not HTTP.`);
    return null;
  }
  const method = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  if (!method) throw new ImportError('har', at(index, 'request.method'), 'is missing');
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    warnings.push(`Left out log.entries[${index}]: plans do not send ${method} requests.`);
    return null;
  }
  if (request.headers !== undefined && !Array.isArray(request.headers)) throw new ImportError('har', at(index, 'request.headers'), 'is not a list');
  const headers = ((request.headers ?? []) as unknown[]).map((header, h) => {
    if (!isRecord(header) || typeof header.name !== 'string') throw new ImportError('har', at(index, `request.headers[${h}]`), 'is not a {name, value} header');
    return { name: header.name, value: header.value === undefined || header.value === null ? '' : String(header.value) };
  });
  const postData = isRecord(request.postData) ? (request.postData as Entry['postData']) : undefined;
  const response = isRecord(raw.response) ? raw.response : {};
  const isPreflight = method === 'OPTIONS' && headers.some((header) => header.name.toLowerCase() === 'access-control-request-method');
  return {
    index,
    method: method as HttpMethod,
    url,
    headers,
    ...(postData ? { postData } : {}),
    status: typeof response.status === 'number' ? response.status : 0,
    isStatic: isStaticAsset(raw, url),
    isPreflight,
  };
}

function toRequest(entry: Entry, dropped: DroppedHeaders, warnings: string[]): DraftRequest {
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const { name, value } of entry.headers) {
    const verdict = classifyHeader(name, value);
    if (verdict === 'content-type') contentType = value;
    else if (verdict === 'keep') headers[name] = value;
    else dropped.note(verdict, name);
  }
  const mimeType = entry.postData?.mimeType || contentType;
  let body: DraftRequest['body'];
  if (entry.postData) {
    if (typeof entry.postData.text === 'string') body = bodyFromText(entry.postData.text, mimeType);
    else if (Array.isArray(entry.postData.params)) {
      const params = entry.postData.params.filter(isRecord);
      if (params.some((param) => param.fileName !== undefined)) warnings.push(`log.entries[${entry.index}]: the uploaded files of its form are left out.`);
      body = {
        type: 'form',
        fields: Object.fromEntries(params.filter((param) => param.fileName === undefined).map((param) => [String(param.name), String(param.value ?? '')])),
      };
    }
  }
  if (contentType && !impliedContentType(body, contentType)) headers['Content-Type'] = contentType;
  // A form posted as multipart cannot be sent as recorded (the boundary is gone): it goes urlencoded.
  if (body?.type === 'form' && mimeType && /multipart\/form-data/i.test(mimeType)) {
    delete headers['Content-Type'];
    warnings.push(`log.entries[${entry.index}]: its multipart form is sent urlencoded.`);
  }
  const { path, query } = pathAndQuery(entry.url);
  if (entry.status >= 400)
    warnings.push(
      `log.entries[${entry.index}] (${entry.method} ${entry.url.pathname}) was answered ${entry.status} when recorded; it counts as an error unless you set its expected statuses.`,
    );
  return { name: nameFromPath(entry.method, entry.url.pathname), method: entry.method, path, query, headers, ...(body ? { body } : {}) };
}

function readHar(text: string): ImportResult {
  checkSize('har', text);
  const doc = parseJson('har', text);
  if (!isRecord(doc) || !isRecord(doc.log)) throw new ImportError('har', 'log', 'is missing: this is not a HAR file');
  if (!Array.isArray(doc.log.entries)) throw new ImportError('har', 'log.entries', 'is missing or not a list');
  const warnings: string[] = [];
  const all = doc.log.entries.map((raw, index) => readEntry(raw, index, warnings)).filter((entry): entry is Entry => entry !== null);
  if (!all.length) throw new ImportError('har', 'log.entries', 'has no HTTP requests');

  const preflights = all.filter((entry) => entry.isPreflight).length;
  if (preflights) warnings.push(`Left out ${preflights} CORS preflight request${preflights > 1 ? 's' : ''} (the browser sends them, not the app).`);
  let entries = all.filter((entry) => !entry.isPreflight);
  const statics = entries.filter((entry) => entry.isStatic);
  if (statics.length && statics.length < entries.length) {
    entries = entries.filter((entry) => !entry.isStatic);
    warnings.push(`Left out ${statics.length} static asset${statics.length > 1 ? 's' : ''} (scripts, styles, images, fonts).`);
  }
  if (!entries.length) throw new ImportError('har', 'log.entries', 'has only CORS preflight requests');

  const { origin, kept } = keepMainOrigin(entries, (entry) => entry.url, warnings);

  const dropped = new DroppedHeaders();
  const requests = kept.map((entry) => toRequest(entry, dropped, warnings));
  warnings.unshift(...dropped.warnings());
  if (requests.length > 1)
    warnings.push(
      'Requests are replayed in recorded order without pauses; values the server generated (ids, tokens) are sent as recorded: add captures where they change.',
    );
  const pages = Array.isArray(doc.log.pages) ? doc.log.pages : [];
  const title = isRecord(pages[0]) && typeof pages[0].title === 'string' && !/^https?:\/\//.test(pages[0].title) ? pages[0].title : '';
  return assemble({ format: 'har', name: title || `Recorded flow on ${new URL(origin).host}`, flow: 'sequence', requests, suggestedBaseUrl: origin, warnings });
}

/** Reads a HAR file; throws ImportError naming where it cannot. */
export const importHar = guarded('har', readHar);
