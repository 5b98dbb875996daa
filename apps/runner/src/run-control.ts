import type { Redis } from 'ioredis';
import type pino from 'pino';
import { runControlMessageSchema, type RunAssignment, type RunControlMessage, type RunStopReason } from '@loadline/shared';
import type { RunQueue } from '@loadline/shared/queue';

type Listener = (message: RunControlMessage | { type: 'resync' }) => void;

/**
 * The runner's one subscription connection to the runs' control channels. Start and stop are
 * pushed (Redis pub/sub), not polled; what pub/sub cannot promise (a message sent while the
 * connection was down) is made up by a `resync` to every watcher on reconnect, which then
 * reads the run's state.
 */
export class ControlChannel {
  private readonly listeners = new Map<string, Listener>();
  private connectedOnce = false;

  constructor(
    private readonly subscriber: Redis,
    private readonly queue: RunQueue,
    private readonly logger: pino.Logger,
  ) {
    subscriber.on('message', (channel: string, text: string) => {
      const listener = this.listeners.get(channel);
      if (!listener) return;
      let parsed;
      try {
        parsed = runControlMessageSchema.safeParse(JSON.parse(text));
      } catch {
        parsed = undefined;
      }
      if (parsed?.success) listener(parsed.data);
      else this.logger.warn({ channel, text: text.slice(0, 200) }, 'ignored a malformed control message');
    });
    subscriber.on('ready', () => {
      if (this.connectedOnce) for (const listener of this.listeners.values()) listener({ type: 'resync' });
      this.connectedOnce = true;
    });
    subscriber.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'control channel connection error'));
  }

  /** Subscribes before returning, so no message sent after this resolves is missed. */
  async watch(runId: string, listener: Listener): Promise<() => Promise<void>> {
    const channel = this.queue.keys.control(runId);
    this.listeners.set(channel, listener);
    await this.subscriber.subscribe(channel);
    return async () => {
      this.listeners.delete(channel);
      await this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  close(): void {
    this.subscriber.disconnect();
  }
}

export type SegmentSignal = { type: 'start' } | { type: 'release' } | { type: 'stop'; reason: RunStopReason };

/** How often a paused segment re-reads its run's state, in case a push was lost. */
const PAUSED_RESYNC_MS = 2_000;

/**
 * One reserved segment's view of its run: whether it may start, must give up its
 * reservation, or must stop. Signals latch: `start` at most once, then at most one end
 * (`release` or `stop`); a late or repeated message changes nothing.
 */
export class SegmentControl {
  private startedSignal = false;
  /** When every segment is to begin, on Redis's clock (ms); null until the start signal. */
  startAt: number | null = null;
  private endSignal: Exclude<SegmentSignal, { type: 'start' }> | null = null;
  private waiters: Array<() => void> = [];
  private stopListeners: Array<(reason: RunStopReason) => void> = [];
  private unwatch: () => Promise<void> = async () => undefined;
  private resyncTimer?: NodeJS.Timeout;

  private constructor(
    private readonly queue: RunQueue,
    private readonly assignment: RunAssignment,
  ) {}

  /** Subscribes to the run's channel, then reads where the run stands. */
  static async open(queue: RunQueue, channel: ControlChannel, assignment: RunAssignment): Promise<SegmentControl> {
    const control = new SegmentControl(queue, assignment);
    control.unwatch = await channel.watch(assignment.runId, (message) => control.onMessage(message));
    await control.resync();
    return control;
  }

  get started(): boolean {
    return this.startedSignal;
  }

  get ended(): SegmentControl['endSignal'] {
    return this.endSignal;
  }

  /** Why the run was told to stop, if it was. */
  stopReason(): RunStopReason | null {
    return this.endSignal?.type === 'stop' ? this.endSignal.reason : null;
  }

  private onMessage(message: RunControlMessage | { type: 'resync' }): void {
    if (message.type === 'resync') {
      void this.resync().catch(() => undefined);
    } else if (message.type === 'start') {
      if (message.attempt !== this.assignment.attempt) return;
      this.startAt = message.at;
      this.signal({ type: 'start' });
    } else if (message.type === 'release') {
      if (message.attempt === this.assignment.attempt && !this.startedSignal) this.signal({ type: 'release' });
    } else {
      this.signal({ type: 'stop', reason: message.reason });
    }
  }

  /** Reads the run's state: for a reconnect, and whenever a push may have been missed. */
  async resync(): Promise<void> {
    const state = await this.queue.state(this.assignment.runId);
    if (!state) return this.signal({ type: 'release' });
    if (state.state === 'stopped') return this.signal({ type: 'stop', reason: (state.stopReason as RunStopReason | null) ?? 'cancelled' });
    if (state.attempt !== this.assignment.attempt) return this.signal({ type: 'release' });
    if (state.state === 'started') {
      this.startAt ??= state.startedAt;
      return this.signal({ type: 'start' });
    }
    if (state.state === 'waiting') this.signal({ type: 'release' });
  }

  private signal(signal: SegmentSignal): void {
    if (signal.type === 'start') {
      if (this.startedSignal || this.endSignal) return;
      this.startedSignal = true;
    } else {
      if (this.endSignal) return;
      // A release after the start cannot happen (the run had left 'reserved'); ignore it.
      if (signal.type === 'release' && this.startedSignal) return;
      this.endSignal = signal;
      if (signal.type === 'stop') for (const listener of this.stopListeners) listener(signal.reason);
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** This segment's k6 is ready; the last segment ready starts the run for everyone. */
  async ready(): Promise<void> {
    const answer = await this.queue.ready(this.assignment.runId, this.assignment.attempt, this.assignment.segmentIndex);
    if (answer === 'waiting' || answer === 'started') return;
    await this.resync();
  }

  /**
   * Resolves at the start, a release or a stop, whichever comes first (re-reading the run's
   * state every few seconds meanwhile), or after `timeoutMs` with null.
   */
  async nextSignal(timeoutMs: number): Promise<SegmentSignal | null> {
    const current = () => this.endSignal ?? (this.startedSignal ? ({ type: 'start' } as const) : null);
    if (current()) return current();
    this.resyncTimer = setInterval(() => void this.resync().catch(() => undefined), PAUSED_RESYNC_MS);
    try {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    } finally {
      clearInterval(this.resyncTimer);
    }
    return current();
  }

  /** Called at once if the run was already told to stop. */
  onStop(listener: (reason: RunStopReason) => void): void {
    this.stopListeners.push(listener);
    if (this.endSignal?.type === 'stop') listener(this.endSignal.reason);
  }

  async close(): Promise<void> {
    clearInterval(this.resyncTimer);
    await this.unwatch();
  }
}
