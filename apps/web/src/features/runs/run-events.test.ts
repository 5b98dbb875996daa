import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveProgress, RunView } from '@loadline/shared';
import { followRunEvents, reconnectDelay, type LiveMode } from './run-events';

const progress = (elapsedSeconds: number): LiveProgress => ({
  runId: 'r1',
  status: 'RUNNING',
  elapsedSeconds,
  remainingSeconds: 30 - elapsedSeconds,
  plannedSeconds: 30,
  vus: 5,
  rps: 100,
  p50: 1,
  p95: 2,
  p99: 3,
  errors: 0,
  errorRate: 0,
  requests: elapsedSeconds * 100,
  point: null,
  points: [],
  queue: null,
  thresholds: [],
});

const finished: RunView = {
  id: 'r1',
  planId: 'p1',
  planName: 'plan',
  planVersion: 1,
  targetId: 't1',
  status: 'PASSED',
  verdict: 'PASS',
  trigger: 'MANUAL',
  segments: 1,
  createdAt: '2026-01-01T00:00:00Z',
  startedAt: '2026-01-01T00:00:01Z',
  finishedAt: '2026-01-01T00:00:31Z',
  error: null,
  summary: null,
  thresholds: [],
  diagnostics: [],
  capacity: null,
  recovery: null,
  partial: false,
  plannedSeconds: 30,
  cancelRequestedAt: null,
  queue: null,
  segmentDetails: [],
  startSpreadMs: null,
  baseline: null,
  labels: {},
  manifest: null,
};

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function stream(chunks: readonly string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } },
  );
}

function recorder() {
  const modes: LiveMode[] = [];
  const elapsed: number[] = [];
  const ends: (RunView | null)[] = [];
  let drops = 0;
  return {
    modes,
    elapsed,
    ends,
    get drops() {
      return drops;
    },
    handlers: {
      onMode: (mode: LiveMode) => modes.push(mode),
      onProgress: (p: LiveProgress) => elapsed.push(p.elapsedSeconds),
      onEnd: (run: RunView | null) => ends.push(run),
      onDrop: () => {
        drops += 1;
      },
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
};

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 10 s, with at most 25 % jitter', () => {
    const none = { random: () => 0 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, none))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
    expect(reconnectDelay(1, { random: () => 1 })).toBe(1250);
  });
});

describe('followRunEvents', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('delivers progress, then the finished run on `end`, and stops', async () => {
    const fetchMock = vi.fn(async () => stream([sse('progress', progress(1)), ': hb\n\n', sse('progress', progress(2)), sse('end', finished)]));
    vi.stubGlobal('fetch', fetchMock);
    const r = recorder();
    followRunEvents('r1', r.handlers);
    await flush();
    expect(r.modes).toEqual(['connecting', 'streaming']);
    expect(r.elapsed).toEqual([1, 2]);
    expect(r.ends).toEqual([finished]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells of new telemetry seconds as they are pushed, between progress events', async () => {
    const fetchMock = vi.fn(async () =>
      stream([
        sse('progress', progress(1)),
        sse('telemetry', { runId: 'r1' }),
        sse('progress', progress(2)),
        sse('telemetry', { runId: 'r1' }),
        sse('end', finished),
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const r = recorder();
    const told: number[] = [];
    followRunEvents('r1', { ...r.handlers, onTelemetry: () => told.push(r.elapsed.length) });
    await flush();
    // After the first progress and after the second: in the order the stream sent them.
    expect(told).toEqual([1, 2]);
    expect(r.ends).toEqual([finished]);
  });

  it('reconnects with backoff when the stream drops before `end`', async () => {
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(async () => stream([sse('progress', progress(1))]))
      .mockImplementationOnce(async () => Promise.reject(new TypeError('network down')))
      .mockImplementationOnce(async () => stream([sse('progress', progress(4)), sse('end', finished)]));
    vi.stubGlobal('fetch', fetchMock);
    const r = recorder();
    followRunEvents('r1', r.handlers, { random: () => 0 });
    await flush();
    expect(r.elapsed).toEqual([1]);
    expect(r.modes.at(-1)).toBe('reconnecting');
    expect(r.drops).toBe(1);

    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(r.drops).toBe(2);

    // The second failure in a row waits 2 s.
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(r.elapsed).toEqual([1, 4]);
    expect(r.ends).toEqual([finished]);
  });

  it('falls back to polling at once when the endpoint is missing (404)', async () => {
    const fetchMock = vi.fn(async () => new Response('{"error":{"code":"NOT_FOUND","message":"no"}}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    const r = recorder();
    followRunEvents('r1', r.handlers);
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(r.modes).toEqual(['connecting', 'polling']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to polling after repeated failures without progress', async () => {
    const fetchMock = vi.fn(async () => new Response('busy', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const r = recorder();
    followRunEvents('r1', r.handlers, { maxAttempts: 3, random: () => 0 });
    for (let i = 0; i < 5; i++) {
      await flush();
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(r.modes.at(-1)).toBe('polling');
  });

  it('ignores events that do not match the contract, and stops on demand', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const fetchMock = vi.fn(
      async (_url: string, init: RequestInit) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(sse('progress', { nonsense: true }) + sse('progress', progress(3))));
              release = () => {
                try {
                  controller.close();
                } catch {
                  // already errored by the abort
                }
              };
              init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const r = recorder();
    const stop = followRunEvents('r1', r.handlers);
    await flush();
    expect(r.elapsed).toEqual([3]);
    expect(warn).toHaveBeenCalledOnce();
    stop();
    release();
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(r.drops).toBe(0);
    warn.mockRestore();
  });
});
