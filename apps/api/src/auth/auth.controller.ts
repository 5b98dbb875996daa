import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { loginSchema, sessionViewSchema, signupSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/http/openapi.js';
import { AuthService } from './auth.service.js';
import { CurrentCaller, type AuthenticatedCaller } from './auth.guard.js';
import { Public } from './public.decorator.js';

function clientInfo(req: Request) {
  return { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) };
}

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('auth/signup')
  @ApiJsonBody(signupSchema)
  @ApiJsonResponse(201, sessionViewSchema, [400, 409])
  signup(@Body(new ZodPipe(signupSchema)) body: z.infer<typeof signupSchema>, @Req() req: Request) {
    return this.auth.signup(body, clientInfo(req));
  }

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  @ApiJsonBody(loginSchema)
  @ApiJsonResponse(200, sessionViewSchema, [400, 401])
  login(@Body(new ZodPipe(loginSchema)) body: z.infer<typeof loginSchema>, @Req() req: Request) {
    return this.auth.login(body, clientInfo(req));
  }

  @Post('auth/logout')
  @HttpCode(204)
  @ApiBearerAuth()
  async logout(@CurrentCaller() caller: AuthenticatedCaller): Promise<void> {
    await this.auth.logout(caller.sessionId);
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiJsonResponse(200, sessionViewSchema.omit({ token: true }), [401])
  me(@CurrentCaller() caller: AuthenticatedCaller) {
    return caller.view;
  }
}
