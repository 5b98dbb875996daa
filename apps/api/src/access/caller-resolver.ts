import type { Caller } from './caller.js';

/**
 * Who a presented token (session or API key) belongs to. The access layer asks; the auth
 * domain answers (AuthModule binds its AuthService to this token), so the guard every route
 * passes through depends on no domain.
 */
export abstract class CallerResolver {
  /** The caller, or an AccessError (UNAUTHENTICATED, SESSION_EXPIRED, API_KEY_REVOKED…). */
  abstract authenticate(token: string): Promise<Caller>;
}
