import { liveProgressSchema, runSchema, type LiveProgress, type RunView } from '@loadline/shared';
import { SseUnavailableError, streamSse, type SseEvent } from '../../api/sse';

/**
 * Follows GET /runs/:id/events: `progress` once a second, then `end` with the finished run;
 * `telemetry` whenever the target's metrics have new seconds (at most once a second).
 * A stream that drops before `end` is reopened with growing pauses; when streaming cannot
 * work (the endpoint answers 4xx, or keeps failing) the caller is told to poll instead.
 */
export type LiveMode = 'connecting' | 'streaming' | 'reconnecting' | 'polling';

export interface RunEventHandlers {
  onMode: (mode: LiveMode) => void;
  onProgress: (progress: LiveProgress) => void;
  /** The run is over; null when the `end` event carried no readable run. */
  onEnd: (run: RunView | null) => void;
  /** The stream dropped before `end` (the run's status may have moved on). */
  onDrop?: () => void;
  /** The target's metrics have new seconds: GET /runs/:id/telemetry has more. */
  onTelemetry?: () => void;
}

export interface FollowOptions {
  /** Consecutive failed attempts (no progress received) before falling back to polling. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/** Pause before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s, ... up to the cap, plus up to 25 % jitter. */
export function reconnectDelay(attempt: number, { baseDelayMs = 1_000, maxDelayMs = 10_000, random = Math.random }: FollowOptions = {}): number {
  const base = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.25 * random()));
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts following; returns a function that stops (and closes the stream). */
export function followRunEvents(runId: string, handlers: RunEventHandlers, options: FollowOptions = {}): () => void {
  const maxAttempts = options.maxAttempts ?? 6;
  const controller = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let warned = false;

  const handle = (event: SseEvent): boolean => {
    if (event.event === 'progress') {
      const parsed = liveProgressSchema.safeParse(parseJson(event.data));
      if (parsed.success) {
        failures = 0;
        handlers.onProgress(parsed.data);
      } else if (!warned) {
        warned = true;
        console.warn('Loadline: a progress event did not match the LiveProgress contract', parsed.error.issues.slice(0, 3));
      }
      return false;
    }
    if (event.event === 'telemetry') {
      handlers.onTelemetry?.();
      return false;
    }
    if (event.event === 'end') {
      const parsed = runSchema.safeParse(parseJson(event.data));
      handlers.onEnd(parsed.success ? parsed.data : null);
      return true;
    }
    return false;
  };

  const connect = async (): Promise<void> => {
    handlers.onMode(failures === 0 ? 'connecting' : 'reconnecting');
    let ended = false;
    try {
      await streamSse(`/runs/${encodeURIComponent(runId)}/events`, {
        signal: controller.signal,
        onOpen: () => handlers.onMode('streaming'),
        onEvent: (event) => {
          if (ended || stopped) return;
          if (handle(event)) {
            ended = true;
            controller.abort();
          }
        },
      });
    } catch (error) {
      if (ended || stopped) return;
      if (error instanceof SseUnavailableError && error.permanent) {
        handlers.onMode('polling');
        return;
      }
    }
    if (ended || stopped) return;
    handlers.onDrop?.();
    failures += 1;
    if (failures >= maxAttempts) {
      handlers.onMode('polling');
      return;
    }
    handlers.onMode('reconnecting');
    timer = setTimeout(() => void connect(), reconnectDelay(failures, options));
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort();
  };
}
