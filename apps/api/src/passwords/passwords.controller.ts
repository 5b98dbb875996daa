import { Body, Controller, HttpCode, Param, Post, Get, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { type ErrorDetail, changePasswordSchema, issuedPasswordResetSchema, passwordResetPreviewSchema, resetPasswordSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { codeByField } from '../common/validation/code-by-field.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { PublicUrl } from '../common/http/public-url.js';
import { CurrentSession } from '../access/access.guard.js';
import type { SessionCaller } from '../access/caller.js';
import { clientInfo } from '../access/credentials.js';
import { Public } from '../access/public.decorator.js';
import { Requires, SessionOnly } from '../access/permissions.decorator.js';
import { PasswordsService } from './passwords.service.js';
import { PasswordError, PasswordErrorCode } from './passwords.errors.js';

/** A new password that fails the strength rule answers WEAK_PASSWORD, as at sign-up. */
const weakPassword = (message: string, details: ErrorDetail[]) => new PasswordError(PasswordErrorCode.WEAK_PASSWORD, message, details);
const changePipe = new ZodPipe(changePasswordSchema, 'password change', codeByField({ newPassword: weakPassword }));
const resetPipe = new ZodPipe(resetPasswordSchema, 'password reset', codeByField({ password: weakPassword }));

@ApiTags('auth')
@Controller()
export class PasswordsController {
  constructor(
    private readonly passwords: PasswordsService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** Changes the caller's password (the current one required); every other session of theirs ends. */
  @Post('auth/password')
  @HttpCode(204)
  @Requires('read')
  @SessionOnly()
  @ApiBearerAuth()
  @ApiJsonBody(changePasswordSchema)
  @ApiJsonResponse(204, null, [400, 401, 403, 429])
  async change(@CurrentSession() caller: SessionCaller, @Body(changePipe) body: z.infer<typeof changePasswordSchema>, @Req() req: Request): Promise<void> {
    await this.passwords.change(caller, body, clientInfo(req));
  }

  /**
   * A one-time link (one hour) with which the member chooses a new password: in this answer
   * only, for the caller to hand over; only its hash is stored.
   */
  @Post('members/:userId/password-reset')
  @Requires('members:manage')
  @SessionOnly()
  @ApiBearerAuth()
  @ApiJsonResponse(201, issuedPasswordResetSchema, [401, 403, 404, 409])
  issue(@CurrentSession() caller: SessionCaller, @Param('userId') userId: string, @Req() req: Request) {
    return this.passwords.issue(caller, userId, this.publicUrl.of(req));
  }

  /** Whose password a reset link is for, shown before it is used (no login needed). */
  @Public()
  @Get('password-resets/:token')
  @ApiJsonResponse(200, passwordResetPreviewSchema, [404, 410])
  preview(@Param('token') token: string) {
    return this.passwords.preview(token);
  }

  /** Sets a new password through a reset link; every session of the person ends. */
  @Public()
  @Post('password-resets/:token')
  @HttpCode(204)
  @ApiJsonBody(resetPasswordSchema)
  @ApiJsonResponse(204, null, [400, 404, 410])
  async redeem(@Param('token') token: string, @Body(resetPipe) body: z.infer<typeof resetPasswordSchema>, @Req() req: Request): Promise<void> {
    await this.passwords.redeem(token, body.password, clientInfo(req));
  }
}
