import type { Role } from '@loadline/shared';
import type { Caller } from './caller.js';

/**
 * Who a presented token (session or API key) belongs to. The access layer asks; the auth
 * domain answers (AuthModule binds its AuthService to this token), so the guard every route
 * passes through depends on no domain.
 */
export abstract class CallerResolver {
  /** The caller, or an AccessError (UNAUTHENTICATED, SESSION_EXPIRED, API_KEY_REVOKED…). */
  abstract authenticate(token: string): Promise<Caller>;

  /**
   * The role each authenticated caller holds now, for requests that stay open (live streams),
   * by accessKey: null (or absent) once its session or key is revoked or expired, its session
   * acts for another organization, or its person (a key's root person) is no longer a member.
   * One call for many callers, so open streams cost a lookup per check, not one each.
   */
  abstract currentRoles(callers: readonly Caller[]): Promise<Map<string, Role | null>>;
}
