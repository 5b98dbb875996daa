import { Module } from '@nestjs/common';
// Registers zxcvbn-ts as the password estimator of the shared sign-up and password schemas.
import '@loadline/shared/password-estimator';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { MembersModule } from '../members/members.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { ApiRateLimiter } from '../common/rate-limit/api-rate-limiter.js';
import { AuthController } from './auth.controller.js';
import { AccessGuard } from '../access/access.guard.js';
import { CallerResolver } from '../access/caller-resolver.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { SignupGate } from './signup-gate.js';
import { RoutePermissionsCheck } from '../access/route-permissions.js';

@Module({
  imports: [DiscoveryModule, ApiKeysModule, MembersModule, OrganizationsModule],
  controllers: [AuthController],
  providers: [
    AuthRepository,
    AuthService,
    LoginThrottle,
    SignupGate,
    ApiRateLimiter,
    RoutePermissionsCheck,
    // The access layer's guard asks "who is this token?"; sign-in is the domain that knows.
    { provide: CallerResolver, useExisting: AuthService },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, RoutePermissionsCheck, LoginThrottle],
})
export class AuthModule {}
