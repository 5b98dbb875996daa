import { Observable, type MonoTypeOperatorFunction } from 'rxjs';
import { can, type Permission, type Role } from '@loadline/shared';

/** How often a held-open request asks whether its caller still may (a live stream ends within about this). */
export const ACCESS_RECHECK_MS = 2_000;

/** The access a request was let in with, and a way to ask whether it still holds (see CallerResolver.currentRole). */
export interface HeldAccess {
  currentRole(): Promise<Role | null>;
}

/**
 * Ends a long-lived answer (Server-Sent Events) once the access that opened it is gone: the
 * guard checks a request once, when it starts, but a stream goes on for as long as the run
 * does. Every ACCESS_RECHECK_MS the caller's role is read again; when the session or key was
 * revoked, the member removed, or the role no longer holds `permission`, `farewell` is sent
 * (if given) and the stream completes. A failed check ends it too: it fails closed, and the
 * client reconnects through the guard like any new request.
 */
export function whileAccessHolds<T>(access: HeldAccess, permission: Permission, farewell?: T, everyMs = ACCESS_RECHECK_MS): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      // An observer of its own: handing the subscriber itself over would make this
      // subscription the subscriber, and unsubscribing it would close the stream unended.
      const subscription = source.subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      let checking = false;
      const timer = setInterval(() => {
        if (checking || subscriber.closed) return;
        checking = true;
        access
          .currentRole()
          .catch(() => null)
          .then((role) => {
            checking = false;
            if (subscriber.closed || (role && can(role, permission))) return;
            clearInterval(timer);
            subscription.unsubscribe();
            if (farewell !== undefined) subscriber.next(farewell);
            subscriber.complete();
          });
      }, everyMs);
      return () => {
        clearInterval(timer);
        subscription.unsubscribe();
      };
    });
}
