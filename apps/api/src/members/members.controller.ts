import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  changeRoleSchema,
  createInviteSchema,
  createdInviteSchema,
  invitationPreviewSchema,
  inviteViewSchema,
  memberViewSchema,
  membershipViewSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { CurrentCaller, CurrentSession } from '../access/access.guard.js';
import { makerOf, type Caller, type SessionCaller } from '../access/caller.js';
import { codeByField } from '../common/validation/code-by-field.js';
import { Public } from '../access/public.decorator.js';
import { Requires, SessionOnly } from '../access/permissions.decorator.js';
import { PublicUrl } from '../common/http/public-url.js';
import { MembersService, type Actor } from './members.service.js';
import { MemberError, MemberErrorCode } from './members.errors.js';

const unknownRole = codeByField({ role: (message, details) => new MemberError(MemberErrorCode.UNKNOWN_ROLE, message, details) });

const actorOf = (caller: Caller): Actor => ({
  ...makerOf(caller),
  role: caller.role,
  email: caller.user?.email ?? null,
  organizationName: caller.tenant.name,
});

@ApiTags('members')
@ApiBearerAuth()
@Controller()
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly publicUrl: PublicUrl,
  ) {}

  @Get('members')
  @Requires('read')
  @ApiJsonResponse(200, listOf(memberViewSchema), [401])
  async list() {
    return { items: await this.members.list() };
  }

  @Patch('members/:userId')
  @Requires('members:manage')
  @ApiJsonBody(changeRoleSchema)
  @ApiJsonResponse(200, memberViewSchema, [400, 401, 403, 404, 409])
  changeRole(
    @Param('userId') userId: string,
    @Body(new ZodPipe(changeRoleSchema, 'role change', unknownRole)) body: z.infer<typeof changeRoleSchema>,
    @CurrentCaller() caller: Caller,
  ) {
    return this.members.changeRole(userId, body.role, actorOf(caller));
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @Requires('members:manage')
  @ApiJsonResponse(204, null, [401, 403, 404, 409])
  async remove(@Param('userId') userId: string, @CurrentCaller() caller: Caller): Promise<void> {
    await this.members.remove(userId, actorOf(caller));
  }

  @Get('invites')
  @Requires('members:manage')
  @ApiJsonResponse(200, listOf(inviteViewSchema), [401, 403])
  async invites() {
    return { items: await this.members.pendingInvites() };
  }

  /** The link is in this answer (and given to the mailer); only its hash is stored. */
  /** Inviting is how members are added: `POST /members` and `POST /invites` are the same call. */
  @Post('members')
  @Requires('members:manage')
  @ApiJsonBody(createInviteSchema)
  @ApiJsonResponse(201, createdInviteSchema, [400, 401, 403])
  addMember(
    @Body(new ZodPipe(createInviteSchema, 'invite', unknownRole)) body: z.infer<typeof createInviteSchema>,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
  ) {
    return this.members.invite(body, actorOf(caller), this.publicUrl.of(req));
  }

  @Post('invites')
  @Requires('members:manage')
  @ApiJsonBody(createInviteSchema)
  @ApiJsonResponse(201, createdInviteSchema, [400, 401, 403])
  invite(
    @Body(new ZodPipe(createInviteSchema, 'invite', unknownRole)) body: z.infer<typeof createInviteSchema>,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
  ) {
    return this.members.invite(body, actorOf(caller), this.publicUrl.of(req));
  }

  @Delete('invites/:id')
  @HttpCode(204)
  @Requires('members:manage')
  @ApiJsonResponse(204, null, [401, 403, 404])
  async revokeInvite(@Param('id') id: string): Promise<void> {
    await this.members.revokeInvite(id);
  }

  /** What an invite link is for, shown before signing up or in (no login needed). */
  @Public()
  @Get('invitations/:token')
  @ApiJsonResponse(200, invitationPreviewSchema, [404, 409, 410])
  preview(@Param('token') token: string) {
    return this.members.preview(token);
  }

  /** A signed-in person joins the invite's organization (their session stays where it was). */
  @Post('invitations/:token/accept')
  @Requires('read')
  @SessionOnly()
  @ApiJsonResponse(201, membershipViewSchema, [401, 404, 409, 410])
  async accept(@Param('token') token: string, @CurrentSession() caller: SessionCaller) {
    const membership = await this.members.accept(token, caller.userId);
    return { id: membership.tenant.id, name: membership.tenant.name, slug: membership.tenant.slug, role: membership.role };
  }
}
