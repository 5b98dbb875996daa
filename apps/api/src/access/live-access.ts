import { Observable, type MonoTypeOperatorFunction } from 'rxjs';
import { can, type Permission, type Role } from '@loadline/shared';
import type { Caller } from './caller.js';
import type { CallerResolver } from './caller-resolver.js';

/** How often the access of held-open requests is read again (a live stream ends within about this). */
export const ACCESS_RECHECK_MS = 2_000;

/** The credential a caller came with (and the organization it acted for): what a re-check looks up. */
export const accessKey = (caller: Caller): string => `${caller.via}:${caller.sessionId ?? caller.apiKeyId}:${caller.tenantId}`;

/** The access a request was let in with, to follow while the request stays open. */
export interface HeldAccess {
  /** Calls `onRole` with the caller's role after each re-check (null: the access has ended); returns a stop function. */
  watch(onRole: (role: Role | null) => void): () => void;
}

interface Watched {
  caller: Caller;
  listeners: Set<(role: Role | null) => void>;
}

/**
 * Re-reads the access of every held-open request of this API process together: every
 * ACCESS_RECHECK_MS, one lookup (CallerResolver.currentRoles) for all of their credentials,
 * however many streams are open, and nothing while none is. Live streams cost no reads per
 * viewer (live.k6.test.ts holds that).
 */
export class LiveAccessWatcher {
  private readonly watched = new Map<string, Watched>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly callers: CallerResolver,
    private readonly everyMs = ACCESS_RECHECK_MS,
  ) {}

  access(caller: Caller): HeldAccess {
    return { watch: (onRole) => this.watch(caller, onRole) };
  }

  private watch(caller: Caller, onRole: (role: Role | null) => void): () => void {
    const key = accessKey(caller);
    const entry = this.watched.get(key) ?? { caller, listeners: new Set() };
    entry.listeners.add(onRole);
    this.watched.set(key, entry);
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.everyMs);
      this.timer.unref();
    }
    return () => {
      entry.listeners.delete(onRole);
      if (entry.listeners.size === 0 && this.watched.get(key) === entry) this.watched.delete(key);
      if (this.watched.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private async check(): Promise<void> {
    if (this.checking || this.watched.size === 0) return;
    this.checking = true;
    try {
      const entries = [...this.watched.entries()];
      // A failed lookup ends the streams: fail closed; a client reconnects through the guard.
      const roles = await this.callers.currentRoles(entries.map(([, entry]) => entry.caller)).catch(() => new Map<string, Role | null>());
      for (const [key, entry] of entries) for (const listener of [...entry.listeners]) listener(roles.get(key) ?? null);
    } finally {
      this.checking = false;
    }
  }
}

/**
 * Ends a long-lived answer (Server-Sent Events) once the access that opened it is gone: the
 * guard checks a request once, when it starts, but a stream goes on for as long as the run
 * does. When the session or key was revoked or expired, the session moved to another
 * organization, the member (or a key's root person) was removed, or the role no longer holds
 * `permission`, `farewell` is sent (if given) and the stream completes.
 */
export function whileAccessHolds<T>(access: HeldAccess, permission: Permission, farewell?: T): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      // An observer of its own: handing the subscriber itself over would make this
      // subscription the subscriber, and unsubscribing it would close the stream unended.
      const subscription = source.subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      const stop = access.watch((role) => {
        if (subscriber.closed || (role && can(role, permission))) return;
        stop();
        subscription.unsubscribe();
        if (farewell !== undefined) subscriber.next(farewell);
        subscriber.complete();
      });
      return () => {
        stop();
        subscription.unsubscribe();
      };
    });
}
