import { Module } from '@nestjs/common';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { AddressGuard } from './address-guard.js';
import { SecretBox } from './secret-box.js';
import { TargetVerifier } from './target-verifier.js';
import { TargetsController } from './targets.controller.js';
import { TargetsRepository } from './targets.repository.js';
import { TargetsService } from './targets.service.js';

@Module({
  controllers: [TargetsController],
  providers: [
    TargetsRepository,
    TargetsService,
    AddressGuard,
    TargetVerifier,
    { provide: SecretBox, inject: [API_ENV], useFactory: (env: ApiEnv) => new SecretBox(env.LOADLINE_SECRET_KEY) },
  ],
  exports: [TargetsService, AddressGuard, SecretBox],
})
export class TargetsModule {}
