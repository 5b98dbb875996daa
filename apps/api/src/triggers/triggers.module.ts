import { Module } from '@nestjs/common';
import { PublicUrl } from '../common/http/public-url.js';
import { PlansModule } from '../plans/plans.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { TargetsModule } from '../targets/targets.module.js';
import { TriggersController } from './triggers.controller.js';
import { TriggersRepository } from './triggers.repository.js';
import { TriggersService } from './triggers.service.js';

@Module({
  imports: [RunsModule, PlansModule, TargetsModule],
  controllers: [TriggersController],
  providers: [TriggersRepository, TriggersService, PublicUrl],
})
export class TriggersModule {}
