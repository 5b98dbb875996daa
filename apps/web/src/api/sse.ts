import { buildUrl, toApiError } from './client';
import { sessionHeaders, sessionStore } from './session';

/**
 * Server-Sent Events over fetch(). EventSource gives no access to the HTTP status or error
 * body (a 404 and a dropped connection look the same), so the live run view reads the stream
 * itself: `SseParser` turns decoded text chunks (split
 * anywhere, even mid-line) into events, following the WHATWG event-stream rules that matter
 * here: `event:`, `data:` (several lines join with "\n"), `id:`, `retry:`, `:` comments
 * (heartbeats), LF / CRLF / CR line ends, one optional space after the colon, a blank line
 * dispatches.
 */
export interface SseEvent {
  /** "message" when the server named none. */
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = '';
  private eventType = '';
  private dataLines: string[] = [];
  private lastId: string | undefined;
  private sawCr = false;
  private started = false;
  /** The server's `retry:` advice in ms, if it gave one. */
  retryMs: number | undefined;

  /** Feeds one chunk of text; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    if (chunk === '') return [];
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR that ended the previous chunk was a line end; an LF right after it belongs to it.
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = false;

    const events: SseEvent[] = [];
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      const line = this.buffer.slice(start, i);
      if (ch === 13) {
        if (i + 1 < this.buffer.length) {
          if (this.buffer.charCodeAt(i + 1) === 10) i++;
        } else {
          this.sawCr = true;
        }
      }
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /**
   * The stream ended. Per the spec an event without its closing blank line is dropped; the
   * parser is ready for a new stream afterwards.
   */
  end(): void {
    this.buffer = '';
    this.eventType = '';
    this.dataLines = [];
    this.sawCr = false;
    this.started = false;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    const hasData = this.dataLines.length > 0;
    const event: SseEvent = { event: this.eventType || 'message', data: this.dataLines.join('\n') };
    if (this.lastId !== undefined) event.id = this.lastId;
    this.eventType = '';
    this.dataLines = [];
    return hasData ? event : null;
  }
}

/** The stream could not be opened the SSE way (HTTP error or not an event stream). */
export class SseUnavailableError extends Error {
  override readonly name = 'SseUnavailableError';
  /**
   * True when reconnecting will not help: 4xx other than 408/429 (e.g. no such endpoint), or
   * an answer that is not an event stream at all.
   */
  readonly permanent: boolean;

  constructor(
    readonly status: number,
    message: string,
    permanent?: boolean,
  ) {
    super(message);
    this.permanent = permanent ?? (status >= 400 && status < 500 && status !== 408 && status !== 429);
  }
}

export interface StreamSseOptions {
  signal: AbortSignal;
  onOpen?: () => void;
  onEvent: (event: SseEvent) => void;
}

/**
 * GETs an API path as an event stream with the session cookie and calls `onEvent`
 * for each event. Resolves when the server closes the stream; rejects with an
 * SseUnavailableError when the answer is not a stream, or with the network error when it
 * drops. Aborting the signal rejects with an AbortError.
 */
export async function streamSse(path: string, options: StreamSseOptions): Promise<void> {
  const method = 'GET';
  // sessionHeaders adds the CSRF token should this stream ever be opened with an unsafe method.
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache', ...sessionHeaders(method) };
  const response = await fetch(buildUrl(path), {
    method,
    headers,
    signal: options.signal,
    cache: 'no-store',
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: keep the text
    }
    const error = toApiError(response.status, body, response.statusText);
    if (error.isUnauthorized) sessionStore.clear();
    throw new SseUnavailableError(response.status, error.message);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new SseUnavailableError(response.status, `expected an event stream, got "${type || 'no content type'}"`, true);
  }
  options.onOpen?.();
  const parser = new SseParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) options.onEvent(event);
    }
  } finally {
    parser.end();
    reader.releaseLock();
  }
}
