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
  tenant: { id: string; name: string; slug: string };
  user: { id: string; email: string; name: string } | null;
}

/** The caller of a @SessionOnly() route. */
export type SessionCaller = Caller & { via: 'session'; userId: string; sessionId: string; user: NonNullable<Caller['user']> };
