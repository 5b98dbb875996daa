import { afterEach, describe, expect, it, vi } from 'vitest';
import { SseParser, SseUnavailableError, streamSse, type SseEvent } from './sse';

function feed(chunks: readonly string[]): SseEvent[] {
  const parser = new SseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

/** Every way of cutting `text` in two. */
function everySplit(text: string): [string, string][] {
  return Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);
}

describe('SseParser', () => {
  const stream = 'event: progress\ndata: {"elapsedSeconds":3}\n\n: heartbeat\n\nevent: end\ndata: {"status":"PASSED"}\n\n';
  const expected: SseEvent[] = [
    { event: 'progress', data: '{"elapsedSeconds":3}' },
    { event: 'end', data: '{"status":"PASSED"}' },
  ];

  it('reads several events from one chunk', () => {
    expect(feed([stream])).toEqual(expected);
  });

  it('gives the same events however the stream is split, even mid-line and mid-field', () => {
    for (const [a, b] of everySplit(stream)) expect(feed([a, b])).toEqual(expected);
  });

  it('gives the same events for every split of a CRLF stream, also with empty chunks between', () => {
    const crlf = stream.replace(/\n/g, '\r\n');
    for (const [a, b] of everySplit(crlf)) expect(feed([a, '', b])).toEqual(expected);
  });

  it('copes with one character at a time', () => {
    expect(feed([...stream])).toEqual(expected);
  });

  it('waits for the blank line before dispatching', () => {
    const parser = new SseParser();
    expect(parser.push('event: progress\ndata: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'progress', data: '{"a":1}' }]);
  });

  it('ignores comments (heartbeats), also between the lines of one event', () => {
    expect(feed([':ok\n\n', ': ping\n', 'data: 1\n', ':mid-event comment\n', 'data: 2\n\n'])).toEqual([{ event: 'message', data: '1\n2' }]);
  });

  it('joins multi-line data with newlines and defaults the event type to "message"', () => {
    expect(feed(['data: first\ndata:second\ndata:  two spaces\n\n'])).toEqual([{ event: 'message', data: 'first\nsecond\n two spaces' }]);
  });

  it('handles CRLF and lone CR line ends, including a CRLF split across chunks', () => {
    expect(feed(['event: a\r\ndata: 1\r\n\r\n'])).toEqual([{ event: 'a', data: '1' }]);
    expect(feed(['event: a\rdata: 1\r\r'])).toEqual([{ event: 'a', data: '1' }]);
    // "\r" ends a chunk and "\n" starts the next: one line end, not two (no empty event dispatch).
    expect(feed(['event: a\r', '\ndata: 1\r', '\n\r', '\n'])).toEqual([{ event: 'a', data: '1' }]);
  });

  it('does not dispatch events without data and resets the type after each event', () => {
    expect(feed(['event: lonely\n\n', 'data: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('keeps the last id and reads retry advice', () => {
    const parser = new SseParser();
    expect(parser.push('id: 7\nretry: 2500\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
    expect(parser.retryMs).toBe(2500);
  });

  it('treats a field without a colon as an empty value, and ignores unknown fields', () => {
    expect(feed(['data\nfoo: bar\n\n'])).toEqual([{ event: 'message', data: '' }]);
  });

  it('strips a byte-order mark at the start only', () => {
    expect(feed(['\uFEFFdata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('drops an unfinished event when the stream ends', () => {
    const parser = new SseParser();
    parser.push('event: progress\ndata: {"half":');
    parser.end();
    expect(parser.push('data: next\n\n')).toEqual([{ event: 'message', data: 'next' }]);
  });
});

function streamResponse(chunks: readonly (string | Uint8Array)[], init: ResponseInit = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' }, ...init });
}

describe('streamSse', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads with the session cookie and delivers events, also with a multi-byte character split across chunks', async () => {
    vi.stubGlobal('document', { cookie: 'loadline_csrf=c1' });
    const bytes = new TextEncoder().encode('data: "µs"\n\n');
    const fetchMock = vi.fn(async () => streamResponse([bytes.slice(0, 8), bytes.slice(8)]));
    vi.stubGlobal('fetch', fetchMock);
    const events: SseEvent[] = [];
    const opened = vi.fn();
    await streamSse('/runs/r1/events', { signal: new AbortController().signal, onOpen: opened, onEvent: (event) => events.push(event) });
    expect(events).toEqual([{ event: 'message', data: '"µs"' }]);
    expect(opened).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/runs/r1/events');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    // A GET needs no CSRF token.
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
    expect((init.headers as Record<string, string>).Accept).toBe('text/event-stream');
  });

  it('rejects with a permanent SseUnavailableError on 404, a transient one on 503', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no' } }), { status: 404 })),
    );
    const first = streamSse('/runs/x/events', { signal: new AbortController().signal, onEvent: () => undefined });
    await expect(first).rejects.toBeInstanceOf(SseUnavailableError);
    await expect(first).rejects.toMatchObject({ status: 404, permanent: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('busy', { status: 503 })),
    );
    await expect(streamSse('/runs/x/events', { signal: new AbortController().signal, onEvent: () => undefined })).rejects.toMatchObject({
      status: 503,
      permanent: false,
    });
  });

  it('refuses a response that is not an event stream (e.g. the SPA index.html)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
    );
    await expect(streamSse('/runs/x/events', { signal: new AbortController().signal, onEvent: () => undefined })).rejects.toMatchObject({
      status: 200,
      permanent: true,
    });
  });
});
