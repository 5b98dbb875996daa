import { Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { can, PERMISSION_MIN_ROLE, type Permission } from '@loadline/shared';
import { CommonError, CommonErrorCode } from '../common/errors/domain-error.js';
import { ApiRateLimiter } from '../common/rate-limit/api-rate-limiter.js';
import { currentContext } from '../tenancy/request-context.js';
import { AccessError, AccessErrorCode } from './access.errors.js';
import { CallerResolver } from './caller-resolver.js';
import type { Caller, SessionCaller } from './caller.js';
import { csrfSatisfied, presentedCredential } from './credentials.js';
import { IS_PUBLIC } from './public.decorator.js';
import { LiveAccessWatcher, type HeldAccess } from './live-access.js';
import { REQUIRES, SESSION_ONLY } from './permissions.decorator.js';

type AuthenticatedRequest = Request & { caller?: Caller; heldAccess?: HeldAccess };

/**
 * Global guard, in this order: authenticate (bearer session token, bearer API key, or the
 * session cookie with its CSRF token), rate-limit the caller and its organization, then check
 * the route's permission against the caller's role. On success the caller's tenant goes into
 * the request context, which scopes every database query.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /** One per API process: every open stream's access is re-read in one lookup. */
  private readonly liveAccess: LiveAccessWatcher;

  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerResolver,
    private readonly rateLimiter: ApiRateLimiter,
  ) {
    this.liveAccess = new LiveAccessWatcher(callers);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      const token = (req.params as Record<string, string | undefined>).token;
      if (token) await this.rateLimiter.consumePublic(req.ip, token);
      return true;
    }

    const credential = presentedCredential(req);
    if (!credential) {
      throw new AccessError(AccessErrorCode.UNAUTHENTICATED, 'Authentication required: send Authorization: Bearer <token>, or log in');
    }
    const caller = await this.callers.authenticate(credential.token);
    if (credential.via === 'cookie' && !csrfSatisfied(req, credential.token)) {
      throw new CommonError(CommonErrorCode.CSRF_FAILED, 'Missing or wrong X-CSRF-Token header (send the loadline_csrf cookie value)');
    }
    const requestContext = currentContext();
    if (requestContext) {
      requestContext.tenantId = caller.tenantId;
      requestContext.userId = caller.userId ?? undefined;
      requestContext.sessionId = caller.sessionId ?? undefined;
      requestContext.apiKeyId = caller.apiKeyId ?? undefined;
      requestContext.role = caller.role;
    }
    req.caller = caller;
    req.heldAccess = this.liveAccess.access(caller);

    await this.rateLimiter.consume(caller);

    if (this.reflector.getAllAndOverride<boolean>(SESSION_ONLY, targets) && caller.via !== 'session') {
      throw new AccessError(AccessErrorCode.SESSION_REQUIRED, 'This route is for signed-in people, not API keys');
    }
    const permission = this.reflector.getAllAndOverride<Permission>(REQUIRES, targets);
    // RoutePermissionsCheck refuses to boot without one; this keeps the guard closed regardless.
    if (!permission || !can(caller.role, permission)) {
      throw new CommonError(
        CommonErrorCode.FORBIDDEN,
        permission
          ? `This needs the ${PERMISSION_MIN_ROLE[permission]} role or higher (${permission}); you are ${caller.role}`
          : 'This route declares no permission',
      );
    }
    return true;
  }
}

/** The authenticated caller of the current request (only on non-public routes). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<AuthenticatedRequest>().caller;
  if (!caller) throw new AccessError(AccessErrorCode.UNAUTHENTICATED, 'Authentication required');
  return caller;
});

/** The caller of a @SessionOnly() route: a person with a session. */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): SessionCaller => {
  const caller = context.switchToHttp().getRequest<AuthenticatedRequest>().caller;
  if (!caller || caller.via !== 'session') throw new AccessError(AccessErrorCode.SESSION_REQUIRED, 'This route is for signed-in people, not API keys');
  return caller as SessionCaller;
});

/** The access this request was let in with, to re-check while it stays open (whileAccessHolds). */
export const CurrentAccess = createParamDecorator((_data: unknown, context: ExecutionContext): HeldAccess => {
  const access = context.switchToHttp().getRequest<AuthenticatedRequest>().heldAccess;
  if (!access) throw new AccessError(AccessErrorCode.UNAUTHENTICATED, 'Authentication required');
  return access;
});

export type AuthenticatedCaller = Caller;
