import { Module } from '@nestjs/common';
import { TargetsController } from './targets.controller.js';
import { TargetsRepository } from './targets.repository.js';
import { TargetsService } from './targets.service.js';

@Module({
  controllers: [TargetsController],
  providers: [TargetsRepository, TargetsService],
  exports: [TargetsService],
})
export class TargetsModule {}
