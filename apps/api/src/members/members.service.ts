import { Inject, Injectable } from '@nestjs/common';
import { canGrant, type CreatedInvite, type InvitationPreview, type InviteView, type MemberView, type Role, type createInviteSchema } from '@loadline/shared';
import type { z } from 'zod';
import { DomainEvents } from '../events/domain-events.js';
import { hashSecretToken, newSecretToken } from '../access/secrets.js';
import { LastOwnerError, MembersRepository } from './members.repository.js';
import { MemberError, MemberErrorCode } from './members.errors.js';
import { MAILER, type Mailer } from './mailer.js';
import type { ReducedPower } from './power.js';
import type { Maker } from '../access/caller.js';
import { rootOf } from '../access/authority.js';

const INVITE_TOKEN_PREFIX = 'lli';

export interface Actor extends Maker {
  role: Role;
  email: string | null;
  organizationName: string;
}

type InviteRecord = NonNullable<Awaited<ReturnType<MembersRepository['findInvite']>>>;

/** An invite the link points at, checked: usable, or the specific reason it is not. */
export interface UsableInvite {
  id: string;
  tenantId: string;
  role: Role;
}

@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly events: DomainEvents,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async list(): Promise<MemberView[]> {
    return (await this.members.list()).map((member) => ({
      user: { id: member.user.id, email: member.user.email, name: member.user.name },
      role: member.role,
      joinedAt: member.createdAt.toISOString(),
    }));
  }

  private assertMayManage(actor: Actor, currentRole: Role, newRole: Role | null): void {
    if (!canGrant(actor.role, currentRole) || (newRole && !canGrant(actor.role, newRole))) {
      throw new MemberError(
        MemberErrorCode.ROLE_NOT_GRANTABLE,
        `A ${actor.role} cannot ${newRole ? `change a ${currentRole} to ${newRole}` : `remove a ${currentRole}`}; only owners manage owners`,
      );
    }
  }

  private async changeOrRemove(userId: string, role: Role | null, keepSessionId?: string) {
    try {
      return await this.members.changeOrRemove(userId, role, keepSessionId);
    } catch (error) {
      if (error instanceof LastOwnerError) {
        throw new MemberError(
          MemberErrorCode.LAST_OWNER,
          role
            ? 'The last owner cannot be demoted; make someone else an owner first'
            : 'The last owner cannot leave or be removed; make someone else an owner first',
        );
      }
      throw error;
    }
  }

  async changeRole(userId: string, role: Role, actor: Actor): Promise<MemberView> {
    const member = await this.members.find(userId);
    if (!member) throw new MemberError(MemberErrorCode.MEMBER_NOT_FOUND, `No member ${userId} in this organization`);
    this.assertMayManage(actor, member.role, role);
    if (member.role !== role) {
      const changed = await this.changeOrRemove(userId, role);
      if (!changed) throw new MemberError(MemberErrorCode.MEMBER_NOT_FOUND, `No member ${userId} in this organization`);
      await this.events.emit('member.role_changed', {
        subject: { type: 'user', id: userId },
        details: { email: member.user.email, from: member.role, to: role },
      });
      await this.recordReduced(userId, member.user.email, changed.reduced);
    }
    return { user: { id: member.user.id, email: member.user.email, name: member.user.name }, role, joinedAt: member.createdAt.toISOString() };
  }

  /** Audits what a member's demotion or removal took from the keys, invites and triggers they made. */
  private async recordReduced(userId: string, email: string, reduced: ReducedPower): Promise<void> {
    if (Object.values(reduced).every((items: string[]) => items.length === 0)) return;
    await this.events.emit('member.power_reduced', { subject: { type: 'user', id: userId }, details: { email, ...reduced } });
  }

  /** Removes a member (or, with actor = the member, leaves; their current session is kept). */
  async remove(userId: string, actor: Actor, keepSessionId?: string): Promise<void> {
    const member = await this.members.find(userId);
    if (!member) throw new MemberError(MemberErrorCode.MEMBER_NOT_FOUND, `No member ${userId} in this organization`);
    if (userId !== actor.userId) this.assertMayManage(actor, member.role, null);
    const removed = await this.changeOrRemove(userId, null, keepSessionId);
    if (!removed) throw new MemberError(MemberErrorCode.MEMBER_NOT_FOUND, `No member ${userId} in this organization`);
    await this.events.emit('member.removed', {
      subject: { type: 'user', id: userId },
      details: { email: member.user.email, role: member.role, left: userId === actor.userId },
    });
    await this.recordReduced(userId, member.user.email, removed.reduced);
  }

  // ---- invites --------------------------------------------------------------------------

  private async inviteViews(records: InviteRecord[]): Promise<InviteView[]> {
    const creatorIds = [...new Set(records.map((record) => record.createdById).filter((id): id is string => !!id))];
    const emails = new Map((creatorIds.length ? await this.members.userEmails(creatorIds) : []).map((user) => [user.id, user.email]));
    return records.map((record) => ({
      id: record.id,
      role: record.role,
      email: record.email,
      createdAt: record.createdAt.toISOString(),
      expiresAt: record.expiresAt.toISOString(),
      createdBy: record.createdById ? (emails.get(record.createdById) ?? null) : null,
    }));
  }

  async invite(input: z.infer<typeof createInviteSchema>, actor: Actor, linkBase: string): Promise<CreatedInvite> {
    if (!canGrant(actor.role, input.role)) {
      throw new MemberError(MemberErrorCode.ROLE_NOT_GRANTABLE, `A ${actor.role} cannot invite a ${input.role}`, [
        { path: 'role', message: `at most ${actor.role}` },
      ]);
    }
    const token = newSecretToken(INVITE_TOKEN_PREFIX);
    const expiresAt = new Date(Date.now() + input.expiresInHours * 3_600_000);
    const record = await this.members.createInvite({ tokenHash: hashSecretToken(token), role: input.role, email: input.email ?? null, expiresAt }, actor);
    const url = `${linkBase.replace(/\/$/, '')}/invite/${token}`;
    await this.mailer.sendInvite({ to: record.email, organization: actor.organizationName, invitedBy: actor.email, role: record.role, url, expiresAt });
    await this.events.emit('member.invited', { subject: { type: 'invite', id: record.id }, details: { role: record.role, email: record.email } });
    const [view] = await this.inviteViews([record]);
    return { invite: view!, token, url };
  }

  async pendingInvites(): Promise<InviteView[]> {
    return this.inviteViews(await this.members.pendingInvites(new Date()));
  }

  async revokeInvite(id: string): Promise<void> {
    const invite = await this.members.findInvite(id);
    if (!invite || invite.acceptedAt) throw new MemberError(MemberErrorCode.INVITE_NOT_FOUND, `No pending invite ${id}`);
    if (invite.revokedAt) return;
    await this.members.revokeInvite(id);
    await this.events.emit('member.invite_revoked', { subject: { type: 'invite', id }, details: { role: invite.role, email: invite.email } });
  }

  /** The invite behind a link, if it can still be used; otherwise the specific reason. */
  async usableInvite(token: string): Promise<UsableInvite & { organizationName: string; expiresAt: Date; createdById: string | null; email: string | null }> {
    const invite = await this.members.findInviteByTokenHash(hashSecretToken(token));
    if (!invite) throw new MemberError(MemberErrorCode.INVITE_NOT_FOUND, 'This invite link is not valid');
    if (invite.acceptedAt) throw new MemberError(MemberErrorCode.INVITE_ALREADY_USED, 'This invite link has already been used');
    if (invite.revokedAt) throw new MemberError(MemberErrorCode.INVITE_REVOKED, 'This invite was withdrawn; ask for a new one');
    if (invite.expiresAt <= new Date()) throw new MemberError(MemberErrorCode.INVITE_EXPIRED, 'This invite link has expired; ask for a new one');
    // Its authority is its root person's, now: a role change revokes it in its own transaction,
    // and this makes a row that escaped that fail closed.
    const root = rootOf(invite);
    const rootRole = root ? await this.members.roleOf(invite.tenantId, root) : null;
    if (!rootRole || !canGrant(rootRole, invite.role)) throw new MemberError(MemberErrorCode.INVITE_REVOKED, 'This invite was withdrawn; ask for a new one');
    return {
      id: invite.id,
      tenantId: invite.tenantId,
      role: invite.role,
      organizationName: invite.tenant.name,
      expiresAt: invite.expiresAt,
      createdById: invite.createdById,
      email: invite.email,
    };
  }

  /**
   * An invite that names an e-mail address is redeemed only by that address (not by whoever
   * the link was forwarded to or intercepted by); one without is for whoever holds the link.
   * The link was delivered to that address (by whoever invited, or a mailer): holding it is
   * the proof of the address, so an account made through it gets exactly that address.
   */
  assertInviteFor(invite: { email: string | null }, email: string): void {
    if (invite.email && invite.email.toLowerCase() !== email.toLowerCase()) {
      throw new MemberError(
        MemberErrorCode.INVITE_FOR_ANOTHER_EMAIL,
        'This invite is for another e-mail address; sign in (or sign up) with the address it was sent to, or ask for a new invite',
      );
    }
  }

  async preview(token: string): Promise<InvitationPreview> {
    const invite = await this.usableInvite(token);
    const inviter = invite.createdById ? ((await this.members.userEmails([invite.createdById]))[0]?.email ?? null) : null;
    return {
      organization: { name: invite.organizationName },
      role: invite.role,
      // The holder of the link is who it was sent to: the address is theirs to see (and the account's, if they sign up).
      email: invite.email,
      expiresAt: invite.expiresAt.toISOString(),
      invitedBy: inviter,
    };
  }

  /** A signed-in user accepts an invite: they join with its role. Returns the organization joined. */
  async accept(token: string, userId: string) {
    const invite = await this.usableInvite(token);
    const [user] = await this.members.userEmails([userId]);
    if (!user) throw new MemberError(MemberErrorCode.INVITE_FOR_ANOTHER_EMAIL, 'This invite is for another account');
    this.assertInviteFor(invite, user.email);
    if (await this.members.isMember(invite.tenantId, userId)) {
      throw new MemberError(MemberErrorCode.ALREADY_MEMBER, `You are already a member of ${invite.organizationName}`);
    }
    const membership = await this.members.claimInvite(invite.id, invite.tenantId, user, invite.role);
    if (!membership) throw new MemberError(MemberErrorCode.INVITE_ALREADY_USED, 'This invite link has already been used');
    await this.events.emit('member.joined', {
      tenantIds: [invite.tenantId],
      actorUserId: userId,
      subject: { type: 'invite', id: invite.id },
      details: { role: invite.role },
    });
    return membership;
  }
}
