import type { Role } from '@loadline/shared';

/** Who is calling: a person through a session, or an organization's API key. */
export interface Caller {
  via: 'session' | 'apiKey';
  tenantId: string;
  role: Role;
  /** Null for API keys, which belong to the organization rather than a person. */
  userId: string | null;
  sessionId: string | null;
  apiKeyId: string | null;
  /**
   * The person whose authority the caller carries: the signed-in person, or for a key the
   * person at the root of the chain of keys that made it. What the caller makes (keys,
   * invites, triggers, share links) records it, so that power ends with that person's role.
   */
  rootUserId: string;
  tenant: { id: string; name: string; slug: string };
  user: { id: string; email: string; name: string } | null;
}

/** The caller of a @SessionOnly() route. */
export type SessionCaller = Caller & { via: 'session'; userId: string; sessionId: string; user: NonNullable<Caller['user']> };

/** Who makes something that carries authority (a key, an invite, a trigger, a share link). */
export interface Maker {
  /** The person, when made with a session. */
  userId: string | null;
  /** The key, when a key made it. */
  apiKeyId: string | null;
  rootUserId: string;
}

export const makerOf = (caller: Caller): Maker => ({ userId: caller.userId, apiKeyId: caller.apiKeyId, rootUserId: caller.rootUserId });
