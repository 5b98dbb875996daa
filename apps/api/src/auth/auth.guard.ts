import { Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AuthService, type Caller } from './auth.service.js';
import { AuthError, AuthErrorCode } from './auth.errors.js';
import { IS_PUBLIC } from './public.decorator.js';
import { currentContext } from '../tenancy/request-context.js';

type AuthenticatedRequest = Request & { caller?: Awaited<ReturnType<AuthService['authenticate']>> };

function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * Global guard: every route needs a bearer token unless marked @Public(). On success the
 * caller's tenant goes into the request context, which scopes every database query.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(req);
    if (!token) {
      throw new AuthError(AuthErrorCode.UNAUTHENTICATED, 'Authentication required: send Authorization: Bearer <token>');
    }
    const caller = await this.auth.authenticate(token);
    const requestContext = currentContext();
    if (requestContext) {
      requestContext.tenantId = caller.tenantId;
      requestContext.userId = caller.userId;
      requestContext.sessionId = caller.sessionId;
      requestContext.role = caller.role;
    }
    req.caller = caller;
    return true;
  }
}

/** The authenticated caller of the current request (only on non-public routes). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const caller = context.switchToHttp().getRequest<AuthenticatedRequest>().caller;
  if (!caller) throw new AuthError(AuthErrorCode.UNAUTHENTICATED, 'Authentication required');
  return caller;
});

export type AuthenticatedCaller = Caller & { view: NonNullable<AuthenticatedRequest['caller']>['view'] };
