/**
 * What of a request's URL may leave the process in a span. Paths carry secrets here (share
 * links /public/reports/<token>, invitations, trigger tokens) and query strings may too, so
 * a raw URL never does: a span whose route is known gets the route template instead; one
 * without (a 404, a web-app path) gets its path with every segment that is not a plain word
 * replaced. Query strings keep their parameter names only.
 */

/** Segments kept verbatim: lowercase words (runs, public-reports) and API versions (v1). */
const PLAIN_SEGMENT = /^(?:[a-z]+(?:[-_.][a-z]+)*|v\d{1,2})$/;
export const REDACTED = ':redacted';

export function redactPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare
    .split('/')
    .map((segment) => (segment === '' || (segment.length <= 40 && PLAIN_SEGMENT.test(segment)) ? segment : REDACTED))
    .join('/');
}

export function redactQuery(query: string): string {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return `${/^[A-Za-z0-9_.-]{1,40}$/.test(name) ? name : 'param'}=REDACTED`;
    })
    .join('&');
}

/** Span attributes that hold a path or a whole URL, in the old and the stable conventions. */
const PATH_KEYS = ['url.path', 'http.target'] as const;
const URL_KEYS = ['url.full', 'http.url'] as const;
const QUERY_KEYS = ['url.query'] as const;

/**
 * The replacements for a span's URL attributes (only those it has). `route` is the request's
 * route template when known (http.route), which is what replaces the path.
 */
export function redactUrlAttributes(attributes: Readonly<Record<string, unknown>>): Record<string, string> {
  const route = typeof attributes['http.route'] === 'string' ? attributes['http.route'] : undefined;
  const safePath = (path: string) => route ?? redactPath(path);
  const out: Record<string, string> = {};
  for (const key of PATH_KEYS) {
    const value = attributes[key];
    if (typeof value === 'string') out[key] = safePath(value);
  }
  for (const key of URL_KEYS) {
    const value = attributes[key];
    if (typeof value !== 'string') continue;
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value);
    if (absolute) {
      try {
        const url = new URL(value);
        out[key] = `${url.protocol}//${url.host}${safePath(url.pathname)}`;
      } catch {
        out[key] = REDACTED;
      }
    } else {
      out[key] = safePath(value);
    }
  }
  for (const key of QUERY_KEYS) {
    const value = attributes[key];
    if (typeof value === 'string') out[key] = redactQuery(value);
  }
  return out;
}
