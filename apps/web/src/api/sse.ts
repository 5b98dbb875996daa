import { createParser, type EventSourceParser } from 'eventsource-parser';
import { buildUrl, toApiError } from './client';
import { sessionHeaders, sessionStore } from './session';

/**
 * Server-Sent Events over fetch(). EventSource gives no access to the HTTP status or error
 * body (a 404 and a dropped connection look the same), so the live run view reads the stream
 * itself, and `eventsource-parser` turns its decoded text chunks (split anywhere, even
 * mid-line) into events by the WHATWG event-stream rules. `SseParser` adapts it to "push a
 * chunk, get the events it completed".
 */
export interface SseEvent {
  /** "message" when the server named none. */
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private completed: SseEvent[] = [];
  /** The last `id:` the stream gave: it stays with the events after it, as EventSource's lastEventId does. */
  private lastId: string | undefined;
  private readonly parser: EventSourceParser;
  /** The server's `retry:` advice in ms, if it gave one. */
  retryMs: number | undefined;

  constructor() {
    this.parser = createParser({
      onEvent: (message) => {
        if (message.id !== undefined) this.lastId = message.id;
        this.completed.push({ event: message.event || 'message', data: message.data, ...(this.lastId !== undefined ? { id: this.lastId } : {}) });
      },
      onRetry: (ms) => {
        this.retryMs = ms;
      },
    });
  }

  /** Feeds one chunk of text; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    this.parser.feed(chunk);
    return this.completed.splice(0);
  }

  /** The stream ended: an event without its closing blank line is dropped, and a new stream may start. */
  end(): void {
    this.parser.reset({ consume: false });
    this.completed = [];
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
