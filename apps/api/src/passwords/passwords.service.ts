import { Injectable } from '@nestjs/common';
import {
  PASSWORD_RESET_MINUTES,
  canGrant,
  passwordProblem,
  personalWords,
  type IssuedPasswordReset,
  type PasswordResetPreview,
  type changePasswordSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { DomainEvents } from '../events/domain-events.js';
import { hashPassword, hashSecretToken, newSecretToken, verifyPassword } from '../access/secrets.js';
import type { SessionCaller } from '../access/caller.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { PasswordsRepository, ResetNoLongerValidError, resetHolds } from './passwords.repository.js';
import { PasswordError, PasswordErrorCode } from './passwords.errors.js';

const RESET_TOKEN_PREFIX = 'llr';

interface ClientInfo {
  ip?: string;
}

const weak = (problem: string, path: string) => new PasswordError(PasswordErrorCode.WEAK_PASSWORD, `${path} ${problem}`, [{ path, message: problem }]);
const expired = () =>
  new PasswordError(
    PasswordErrorCode.RESET_LINK_EXPIRED,
    'This reset link was used, has expired or was withdrawn; ask an admin of your organization for a new one',
  );

/**
 * A person's password: changed by them (the current one required), or reset through a link
 * an OWNER or ADMIN of their organization issues. There is no e-mail to send a link through,
 * so the issuer is shown it once and hands it over; it is a credential like an invite link:
 * 256 random bits, only its hash stored, one hour, one use, never logged (the access log shows
 * the route's `:token`, not the token).
 */
@Injectable()
export class PasswordsService {
  constructor(
    private readonly passwords: PasswordsRepository,
    private readonly throttle: LoginThrottle,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Changes the caller's password. A wrong current password counts as a failed login of the
   * account from the caller's address (so a session left open cannot be used to guess it);
   * the new one must pass the sign-up rule. Every other session of the person ends.
   */
  async change(caller: SessionCaller, input: z.infer<typeof changePasswordSchema>, client: ClientInfo): Promise<void> {
    const user = await this.passwords.findUser(caller.userId);
    if (!user) throw new PasswordError(PasswordErrorCode.WRONG_PASSWORD, 'The current password is wrong');
    const delayMs = await this.throttle.admit(user.email, client.ip);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await this.throttle.recordFailure(user.email, client.ip);
      await this.throttle.delay(delayMs);
      throw new PasswordError(PasswordErrorCode.WRONG_PASSWORD, 'The current password is wrong', [{ path: 'currentPassword', message: 'is wrong' }]);
    }
    const problem = passwordProblem(input.newPassword, personalWords(user.email, user.name));
    if (problem) throw weak(problem, 'newPassword');
    await this.passwords.changePassword(user.id, await hashPassword(input.newPassword), caller.sessionId, new Date());
    await this.events.emit('auth.password_changed', {
      tenantIds: await this.passwords.tenantIdsOf(user.id),
      actorUserId: user.id,
      subject: { type: 'user', id: user.id },
    });
  }

  /**
   * A reset link for a member of the caller's organization. Refused for a role the caller
   * cannot grant (an ADMIN cannot take over an OWNER), for oneself (change it instead), and for
   * a person who belongs to other organizations too: one organization's admin must not gain
   * the account, and so the other organizations. A newer link replaces an older one.
   */
  async issue(caller: SessionCaller, userId: string, linkBase: string): Promise<IssuedPasswordReset> {
    const member = await this.passwords.findMember(userId);
    if (!member) throw new PasswordError(PasswordErrorCode.MEMBER_NOT_FOUND, `No member ${userId} in this organization`);
    if (userId === caller.userId) {
      throw new PasswordError(PasswordErrorCode.RESET_NOT_ALLOWED, 'A reset link is for someone else; change your own password with POST /auth/password');
    }
    if (!canGrant(caller.role, member.role)) {
      throw new PasswordError(PasswordErrorCode.ROLE_NOT_GRANTABLE, `A ${caller.role} cannot reset the password of a ${member.role}`);
    }
    if ((await this.passwords.otherMemberships(userId, caller.tenantId)) > 0) {
      throw new PasswordError(
        PasswordErrorCode.RESET_NOT_ALLOWED,
        `${member.user.email} belongs to other organizations too, so no single organization can reset their password; they can change it while signed in`,
      );
    }
    const token = newSecretToken(RESET_TOKEN_PREFIX);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000);
    const reset = await this.passwords.issue({ userId, tokenHash: hashSecretToken(token), expiresAt, memberRole: member.role }, caller.userId, now);
    await this.events.emit('member.password_reset_issued', {
      subject: { type: 'user', id: userId },
      details: { email: member.user.email, expiresAt: expiresAt.toISOString() },
    });
    return {
      reset: { id: reset.id, userId, email: member.user.email, expiresAt: expiresAt.toISOString() },
      token,
      url: `${linkBase.replace(/\/$/, '')}/reset-password/${token}`,
    };
  }

  /** The link, if it can still be used: unused, unexpired, not withdrawn, and still holding (resetHolds). */
  private async usable(token: string) {
    const reset = await this.passwords.findByTokenHash(hashSecretToken(token));
    if (!reset) throw new PasswordError(PasswordErrorCode.RESET_LINK_NOT_FOUND, 'This reset link is not valid');
    if (reset.usedAt || reset.revokedAt || reset.expiresAt <= new Date()) throw expired();
    const standing = await this.passwords.standing(reset);
    if (!resetHolds(standing.issuerRole, standing.memberRole, standing.otherOrganizations)) throw expired();
    return reset;
  }

  async preview(token: string): Promise<PasswordResetPreview> {
    const reset = await this.usable(token);
    return { email: reset.user.email, organization: { name: reset.tenant.name }, expiresAt: reset.expiresAt.toISOString() };
  }

  /** Sets the new password; every session of the person ends, and they sign in with it. */
  async redeem(token: string, password: string, client: ClientInfo): Promise<void> {
    const reset = await this.usable(token);
    const problem = passwordProblem(password, personalWords(reset.user.email, reset.user.name));
    if (problem) throw weak(problem, 'password');
    try {
      await this.passwords.redeem(reset, await hashPassword(password), new Date());
    } catch (error) {
      if (error instanceof ResetNoLongerValidError) throw expired();
      throw error;
    }
    // Failed logins from where the owner now stands no longer stand in their way.
    await this.throttle.recordSuccess(reset.user.email, client.ip);
    await this.events.emit('auth.password_reset', {
      tenantIds: [reset.tenantId],
      actorUserId: reset.userId,
      subject: { type: 'user', id: reset.userId },
    });
  }
}
