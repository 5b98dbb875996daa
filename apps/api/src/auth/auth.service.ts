import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  passwordProblem,
  personalWords,
  type Role,
  type MeView,
  type SessionListItem,
  type SessionView,
  type loginSchema,
  type signupSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { DomainEvents } from '../events/domain-events.js';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import { MembersService } from '../members/members.service.js';
import { MemberError, MemberErrorCode } from '../members/members.errors.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { AuthRepository, EmailTakenError, InviteClaimedError } from './auth.repository.js';
import { AuthError, AuthErrorCode, SIGNUP_REFUSED_MESSAGE } from './auth.errors.js';
import { CommonError, CommonErrorCode } from '../common/errors/domain-error.js';
import { AccessError, AccessErrorCode } from '../access/access.errors.js';
import { makerOf, type Caller, type SessionCaller } from '../access/caller.js';
import { accessKey } from '../access/live-access.js';
import { API_KEY_PREFIX, SESSION_TOKEN_PREFIX } from '../access/credentials.js';
import { LoginThrottle } from './login-throttle.js';
import { SignupGate } from './signup-gate.js';
import { burnPasswordCheck, hashPassword, hashSecretToken, newSecretToken, verifyPassword, warmPasswordCheck } from '../access/secrets.js';

interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** A session token and when it ends, for the cookie. */
export type IssuedSession = SessionView & { token: string; expiresAt: Date };

/** Sessions used within this window are not re-stamped, to keep reads from writing. */
const TOUCH_INTERVAL_MS = 60_000;

@Injectable()
export class AuthService implements OnModuleInit {
  constructor(
    private readonly accounts: AuthRepository,
    private readonly apiKeys: ApiKeysService,
    private readonly members: MembersService,
    private readonly organizations: OrganizationsService,
    private readonly throttle: LoginThrottle,
    private readonly signups: SignupGate,
    private readonly events: DomainEvents,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  private sessionExpiry(): Date {
    return new Date(Date.now() + this.env.LOADLINE_SESSION_TTL_HOURS * 3_600_000);
  }

  async signup(input: z.infer<typeof signupSchema>, client: ClientInfo): Promise<IssuedSession> {
    await this.signups.assertAllowed(input.inviteToken !== undefined, client.ip);
    // Checked before the (slow) password hash, so a dead link fails fast with its own code.
    const invite = input.inviteToken ? await this.members.usableInvite(input.inviteToken) : undefined;
    const email = this.signupEmail(input, invite);
    const token = newSecretToken(SESSION_TOKEN_PREFIX);
    const expiresAt = this.sessionExpiry();
    // Hashed before the address is tried: a taken address costs what a new account costs.
    const passwordHash = await hashPassword(input.password);
    try {
      const created = await this.accounts.createAccount({
        email,
        name: input.name,
        passwordHash,
        ...(invite
          ? { invite: { id: invite.id, tenantId: invite.tenantId, role: invite.role } }
          : { organization: { name: input.organizationName!, slug: await this.organizations.freeSlug(input.organizationName!) } }),
        session: { tokenHash: hashSecretToken(token), expiresAt, ...client },
      });
      await this.events.emit(invite ? 'member.joined' : 'organization.created', {
        tenantIds: [created.tenant.id],
        actorUserId: created.user.id,
        subject: invite ? { type: 'invite', id: invite.id } : { type: 'organization', id: created.tenant.id },
        details: { email: created.user.email, role: created.role },
      });
      return {
        token,
        expiresAt,
        user: { id: created.user.id, email: created.user.email, name: created.user.name },
        tenant: { id: created.tenant.id, name: created.tenant.name, slug: created.tenant.slug },
        role: created.role,
      };
    } catch (error) {
      // One answer, naming nothing, whoever holds the address: see docs/security.md for what
      // the sign-up still tells (that the same details made no account).
      if (error instanceof EmailTakenError) throw new AuthError(AuthErrorCode.SIGNUP_REFUSED, SIGNUP_REFUSED_MESSAGE);
      if (error instanceof InviteClaimedError) throw new MemberError(MemberErrorCode.INVITE_ALREADY_USED, 'This invite link has already been used');
      throw error;
    }
  }

  /**
   * The address of a new account: the invite's, when it names one (the link delivered to that
   * address is the proof of it; another address given is refused), else the one given.
   */
  private signupEmail(input: z.infer<typeof signupSchema>, invite: { email: string | null } | undefined): string {
    if (invite?.email) {
      if (input.email) this.members.assertInviteFor(invite, input.email);
      const email = invite.email.toLowerCase();
      // The schema checked the password against the address given; this one is the invite's.
      const problem = passwordProblem(input.password, personalWords(email, input.name));
      if (problem) throw new AuthError(AuthErrorCode.WEAK_PASSWORD, `password ${problem}`, [{ path: 'password', message: problem }]);
      return email;
    }
    if (!input.email) {
      throw new CommonError(CommonErrorCode.VALIDATION_FAILED, 'email is required: this invite names no address', [{ path: 'email', message: 'is required' }]);
    }
    return input.email;
  }

  async onModuleInit(): Promise<void> {
    await warmPasswordCheck();
  }

  async login(input: z.infer<typeof loginSchema>, client: ClientInfo): Promise<IssuedSession> {
    const delayMs = await this.throttle.admit(input.email, client.ip);
    const user = await this.accounts.findUserByEmail(input.email);
    const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
    if (!user || !valid) {
      const outcome = await this.throttle.recordFailure(input.email, client.ip);
      if (user) {
        const tenantIds = (await this.accounts.memberships(user.id)).map((membership) => membership.tenantId);
        const about = { tenantIds, actorUserId: user.id, subject: { type: 'user', id: user.id } };
        await this.events.emit('auth.login_failed', about);
        if (outcome.pairLockedNow) await this.events.emit('auth.locked_out', { ...about, details: { scope: 'address' } });
        if (outcome.slowedNow) await this.events.emit('auth.login_slowed', about);
      } else {
        await this.events.emit('auth.login_failed', { tenantIds: [] });
      }
      await this.throttle.delay(delayMs);
      throw new AuthError(AuthErrorCode.INVALID_CREDENTIALS, 'E-mail or password is wrong');
    }
    await this.throttle.recordSuccess(input.email, client.ip);
    await this.throttle.delay(delayMs);

    let membership = (await this.accounts.memberships(user.id))[0];
    if (!membership) {
      // Removed from every organization: they get a fresh one of their own rather than a dead account.
      membership = await this.organizations.createFor(user.id, `${user.name}'s organization`);
    }
    const token = newSecretToken(SESSION_TOKEN_PREFIX);
    const expiresAt = this.sessionExpiry();
    await this.accounts.createSession({ userId: user.id, tenantId: membership.tenantId, tokenHash: hashSecretToken(token), expiresAt, ...client });
    await this.events.emit('auth.login', { tenantIds: [membership.tenantId], actorUserId: user.id, subject: { type: 'user', id: user.id } });
    return {
      token,
      expiresAt,
      user: { id: user.id, email: user.email, name: user.name },
      tenant: { id: membership.tenant.id, name: membership.tenant.name, slug: membership.tenant.slug },
      role: membership.role,
    };
  }

  /** Resolves a bearer token (session or API key) to its caller, or throws 401. */
  async authenticate(token: string): Promise<Caller> {
    if (token.startsWith(`${API_KEY_PREFIX}_`)) {
      const key = await this.apiKeys.authenticate(token);
      return {
        via: 'apiKey',
        tenantId: key.tenantId,
        role: key.role,
        userId: null,
        sessionId: null,
        apiKeyId: key.apiKeyId,
        rootUserId: key.rootUserId,
        tenant: key.tenant,
        user: null,
      };
    }
    const now = new Date();
    const { session, membership } = await this.accounts.findLiveSession(hashSecretToken(token), now);
    if (!session) throw new AccessError(AccessErrorCode.UNAUTHENTICATED, 'The token is not valid');
    if (!membership) throw new AccessError(AccessErrorCode.SESSION_EXPIRED, 'The session has ended; log in again');
    if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.accounts.touchSession(session.id, now);
    }
    return {
      via: 'session',
      tenantId: session.tenantId,
      role: membership.role,
      userId: session.userId,
      sessionId: session.id,
      apiKeyId: null,
      rootUserId: session.userId,
      tenant: { id: session.tenant.id, name: session.tenant.name, slug: session.tenant.slug },
      user: { id: session.user.id, email: session.user.email, name: session.user.name },
    };
  }

  /** See CallerResolver.currentRoles: each caller's role now, by accessKey (null once its access has ended). */
  async currentRoles(callers: readonly Caller[]): Promise<Map<string, Role | null>> {
    const now = new Date();
    const sessionIds = callers.filter((caller) => caller.via === 'session').map((caller) => caller.sessionId!);
    const keyIds = callers.filter((caller) => caller.via === 'apiKey').map((caller) => caller.apiKeyId!);
    const [sessions, keys] = await Promise.all([
      sessionIds.length ? this.accounts.liveSessionRoles(sessionIds, now) : new Map<string, { tenantId: string; role: Role }>(),
      keyIds.length ? this.apiKeys.currentRoles(keyIds, now) : new Map<string, Role>(),
    ]);
    return new Map(
      callers.map((caller) => {
        if (caller.via === 'apiKey') return [accessKey(caller), keys.get(caller.apiKeyId!) ?? null];
        const session = sessions.get(caller.sessionId!);
        // A session now acting for another organization no longer reads this one's streams.
        return [accessKey(caller), session && session.tenantId === caller.tenantId ? session.role : null];
      }),
    );
  }

  async me(caller: Caller): Promise<MeView> {
    const organizations = caller.userId
      ? (await this.accounts.memberships(caller.userId)).map((membership) => ({
          id: membership.tenant.id,
          name: membership.tenant.name,
          slug: membership.tenant.slug,
          role: membership.role,
        }))
      : [{ ...caller.tenant, role: caller.role }];
    return { user: caller.user, tenant: caller.tenant, role: caller.role, via: caller.via, organizations };
  }

  async logout(caller: SessionCaller): Promise<void> {
    await this.accounts.revokeSession(caller.userId, caller.sessionId);
    await this.events.emit('auth.logout', { subject: { type: 'user', id: caller.userId } });
  }

  async sessions(caller: SessionCaller): Promise<SessionListItem[]> {
    return (await this.accounts.listLiveSessions(caller.userId, new Date())).map((session) => ({
      id: session.id,
      current: session.id === caller.sessionId,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
      expiresAt: session.expiresAt.toISOString(),
      ip: session.ip,
      userAgent: session.userAgent,
    }));
  }

  async revokeSession(caller: SessionCaller, sessionId: string): Promise<void> {
    if (!(await this.accounts.revokeSession(caller.userId, sessionId))) {
      throw new AuthError(AuthErrorCode.SESSION_NOT_FOUND, `No live session ${sessionId} of yours`);
    }
  }

  /**
   * The caller leaves their current organization (refused for its last owner); their session
   * moves to another of their organizations, or to a new one of their own.
   */
  async leaveOrganization(caller: SessionCaller): Promise<MeView> {
    await this.members.remove(
      caller.userId,
      { ...makerOf(caller), role: caller.role, email: caller.user.email, organizationName: caller.tenant.name },
      caller.sessionId,
    );
    const next =
      (await this.accounts.memberships(caller.userId))[0] ?? (await this.organizations.createFor(caller.userId, `${caller.user.name}'s organization`));
    return this.switchOrganization(caller, next.tenantId);
  }

  /**
   * Deletes the caller's current organization. A person's session moves first to another of
   * their organizations (or a new one of their own), so deleting one organization does not
   * sign them out of the others; the answer is where they are now. An API key goes with the
   * organization it belonged to (null).
   */
  async deleteOrganization(caller: Caller, confirmSlug: string): Promise<MeView | null> {
    if (caller.via !== 'session') {
      await this.organizations.delete(confirmSlug);
      return null;
    }
    const session = caller as SessionCaller;
    let nextTenantId: string | undefined;
    await this.organizations.delete(confirmSlug, async () => {
      const other = (await this.accounts.memberships(session.userId)).find((membership) => membership.tenantId !== session.tenantId);
      nextTenantId = (other ?? (await this.organizations.createFor(session.userId, `${session.user.name}'s organization`))).tenantId;
      await this.accounts.switchSession(session.sessionId, nextTenantId);
    });
    return this.switchOrganization(session, nextTenantId!);
  }

  /** Points the caller's session at another of their organizations. */
  async switchOrganization(caller: SessionCaller, organizationId: string): Promise<MeView> {
    const membership = await this.accounts.findMembership(caller.userId, organizationId);
    if (!membership) throw new AuthError(AuthErrorCode.NOT_A_MEMBER, `You are not a member of organization ${organizationId}`);
    await this.accounts.switchSession(caller.sessionId, organizationId);
    return this.me({
      ...caller,
      tenantId: membership.tenantId,
      role: membership.role,
      tenant: { id: membership.tenant.id, name: membership.tenant.name, slug: membership.tenant.slug },
    });
  }
}
