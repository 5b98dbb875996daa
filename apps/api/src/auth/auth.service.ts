import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Role, SessionView } from '@loadline/shared';
import type { z } from 'zod';
import type { loginSchema, signupSchema } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { AuthRepository, EmailTakenError } from './auth.repository.js';
import { AuthError, AuthErrorCode } from './auth.errors.js';
import { burnPasswordCheck, hashPassword, hashSecretToken, newSecretToken, verifyPassword } from './secrets.js';

export interface Caller {
  userId: string;
  tenantId: string;
  sessionId: string;
  role: Role;
}

interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

const SESSION_TOKEN_PREFIX = 'lls';
/** Sessions used within this window are not re-stamped, to keep reads from writing. */
const TOUCH_INTERVAL_MS = 60_000;

function slugify(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return base || 'org';
}

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AuthRepository,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  private sessionExpiry(): Date {
    return new Date(Date.now() + this.env.LOADLINE_SESSION_TTL_HOURS * 3_600_000);
  }

  private async freeSlug(name: string): Promise<string> {
    const base = slugify(name);
    if (!(await this.accounts.slugTaken(base))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  async signup(input: z.infer<typeof signupSchema>, client: ClientInfo): Promise<SessionView> {
    const token = newSecretToken(SESSION_TOKEN_PREFIX);
    try {
      const created = await this.accounts.createAccount({
        email: input.email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        organizationName: input.organizationName,
        slug: await this.freeSlug(input.organizationName),
        session: { tokenHash: hashSecretToken(token), expiresAt: this.sessionExpiry(), ...client },
      });
      return {
        token,
        user: { id: created.user.id, email: created.user.email, name: created.user.name },
        tenant: { id: created.tenant.id, name: created.tenant.name, slug: created.tenant.slug },
        role: created.role,
      };
    } catch (error) {
      if (error instanceof EmailTakenError) {
        throw new AuthError(AuthErrorCode.EMAIL_TAKEN, 'An account with this e-mail already exists', [
          { path: 'email', message: 'already registered' },
        ]);
      }
      throw error;
    }
  }

  async login(input: z.infer<typeof loginSchema>, client: ClientInfo): Promise<SessionView> {
    const user = await this.accounts.findUserByEmail(input.email);
    if (!user) {
      await burnPasswordCheck(input.password);
      throw new AuthError(AuthErrorCode.INVALID_CREDENTIALS, 'E-mail or password is wrong');
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new AuthError(AuthErrorCode.INVALID_CREDENTIALS, 'E-mail or password is wrong');
    }
    const membership = await this.accounts.findFirstMembership(user.id);
    if (!membership) throw new AuthError(AuthErrorCode.INVALID_CREDENTIALS, 'This account belongs to no organization');
    const token = newSecretToken(SESSION_TOKEN_PREFIX);
    await this.accounts.createSession({
      userId: user.id,
      tenantId: membership.tenantId,
      tokenHash: hashSecretToken(token),
      expiresAt: this.sessionExpiry(),
      ...client,
    });
    return {
      token,
      user: { id: user.id, email: user.email, name: user.name },
      tenant: { id: membership.tenant.id, name: membership.tenant.name, slug: membership.tenant.slug },
      role: membership.role,
    };
  }

  /** Resolves a bearer token to its caller, or throws 401. */
  async authenticate(token: string): Promise<Caller & { view: Omit<SessionView, 'token'> }> {
    const now = new Date();
    const { session, membership } = await this.accounts.findLiveSession(hashSecretToken(token), now);
    if (!session) throw new AuthError(AuthErrorCode.UNAUTHENTICATED, 'The token is not valid');
    if (!membership) throw new AuthError(AuthErrorCode.SESSION_EXPIRED, 'The session has ended; log in again');
    if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.accounts.touchSession(session.id, now);
    }
    return {
      userId: session.userId,
      tenantId: session.tenantId,
      sessionId: session.id,
      role: membership.role,
      view: {
        user: { id: session.user.id, email: session.user.email, name: session.user.name },
        tenant: { id: session.tenant.id, name: session.tenant.name, slug: session.tenant.slug },
        role: membership.role,
      },
    };
  }

  async logout(sessionId: string): Promise<void> {
    await this.accounts.revokeSession(sessionId);
  }
}
