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
   * The role an authenticated caller holds now, for a request that stays open (a live stream):
   * null once its session or key is revoked or expired, its session acts for another
   * organization, or its person (a key's root person) is no longer a member.
   */
  abstract currentRole(caller: Caller): Promise<Role | null>;
}
