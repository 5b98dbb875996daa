import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  COOKIE_SESSION_HEADER,
  deleteOrganizationSchema,
  loginSchema,
  meViewSchema,
  sessionListItemSchema,
  sessionViewSchema,
  signupSchema,
  switchOrganizationSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { AuthService, type IssuedSession } from './auth.service.js';
import { CurrentCaller, CurrentSession } from '../access/access.guard.js';
import type { Caller, SessionCaller } from '../access/caller.js';
import { AuthError, AuthErrorCode } from './auth.errors.js';
import { codeByField } from '../common/validation/code-by-field.js';
import { clearSessionCookies, clientInfo, setSessionCookies } from '../access/credentials.js';
import { Public } from '../access/public.decorator.js';
import { Requires, SessionOnly } from '../access/permissions.decorator.js';

const signupPipe = new ZodPipe(
  signupSchema,
  'sign-up',
  codeByField({ password: (message, details) => new AuthError(AuthErrorCode.WEAK_PASSWORD, message, details) }),
);

/**
 * Sets the session as cookies for browsers and answers it for API clients; a client that asks
 * for cookie delivery (the web app) gets no token in the body, so page script never holds it.
 */
function issue(req: Request, res: Response, session: IssuedSession) {
  setSessionCookies(req, res, session.token!, session.expiresAt);
  const { expiresAt: _expiresAt, token, ...view } = session;
  return req.headers[COOKIE_SESSION_HEADER] === 'cookie' ? view : { token, ...view };
}

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('auth/signup')
  @ApiJsonBody(signupSchema)
  @ApiJsonResponse(201, sessionViewSchema, [400, 404, 409, 410])
  async signup(@Body(signupPipe) body: z.infer<typeof signupSchema>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return issue(req, res, await this.auth.signup(body, clientInfo(req)));
  }

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  @ApiJsonBody(loginSchema)
  @ApiJsonResponse(200, sessionViewSchema, [400, 401, 429])
  async login(@Body(new ZodPipe(loginSchema)) body: z.infer<typeof loginSchema>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return issue(req, res, await this.auth.login(body, clientInfo(req)));
  }

  @Post('auth/logout')
  @HttpCode(204)
  @Requires('read')
  @SessionOnly()
  @ApiBearerAuth()
  async logout(@CurrentSession() caller: SessionCaller, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logout(caller);
    clearSessionCookies(req, res);
  }

  @Get('me')
  @Requires('read')
  @ApiBearerAuth()
  @ApiJsonResponse(200, meViewSchema, [401])
  me(@CurrentCaller() caller: Caller) {
    return this.auth.me(caller);
  }

  @Get('auth/sessions')
  @Requires('read')
  @SessionOnly()
  @ApiBearerAuth()
  @ApiJsonResponse(200, listOf(sessionListItemSchema), [401])
  async sessions(@CurrentSession() caller: SessionCaller) {
    return { items: await this.auth.sessions(caller) };
  }

  @Delete('auth/sessions/:id')
  @HttpCode(204)
  @Requires('read')
  @SessionOnly()
  @ApiBearerAuth()
  @ApiJsonResponse(204, null, [401, 404])
  async revokeSession(@CurrentSession() caller: SessionCaller, @Param('id') id: string): Promise<void> {
    await this.auth.revokeSession(caller, id);
  }

  /** Leaves the current organization; the session moves to another of the caller's. */
  @Post('organization/leave')
  @HttpCode(200)
  @Requires('read')
  @SessionOnly()
  @ApiBearerAuth()
  @ApiJsonResponse(200, meViewSchema, [401, 409])
  leave(@CurrentSession() caller: SessionCaller) {
    return this.auth.leaveOrganization(caller);
  }

  /**
   * Deletes the current organization and everything in it; the body must repeat its slug.
   * A session answers 200 with where it acts now; an API key (deleted with it) gets 204.
   */
  @Delete('organization')
  @Requires('org:delete')
  @ApiBearerAuth()
  @ApiJsonBody(deleteOrganizationSchema)
  @ApiJsonResponse(200, meViewSchema, [400, 401, 403, 409])
  async deleteOrganization(
    @CurrentCaller() caller: Caller,
    @Body(new ZodPipe(deleteOrganizationSchema)) body: z.infer<typeof deleteOrganizationSchema>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const me = await this.auth.deleteOrganization(caller, body.confirmSlug);
    if (!me) res.status(204);
    return me ?? undefined;
  }

  /** Acts for another of the caller's organizations from now on (this session only). */
  @Post('auth/switch')
  @HttpCode(200)
  @Requires('read')
  @SessionOnly()
  @ApiBearerAuth()
  @ApiJsonBody(switchOrganizationSchema)
  @ApiJsonResponse(200, meViewSchema, [400, 401, 404])
  switch(@CurrentSession() caller: SessionCaller, @Body(new ZodPipe(switchOrganizationSchema)) body: z.infer<typeof switchOrganizationSchema>) {
    return this.auth.switchOrganization(caller, body.organizationId);
  }
}
