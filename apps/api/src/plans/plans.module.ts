import { RunQueueModule } from '../run-queue/run-queue.module.js';
import { DataSetsModule } from '../data-sets/data-sets.module.js';
import { Module } from '@nestjs/common';
import { TargetsModule } from '../targets/targets.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { ScriptChecker } from './script-checker.js';

@Module({
  imports: [TargetsModule, OrganizationsModule, RunQueueModule, DataSetsModule],
  controllers: [PlansController],
  providers: [PlansRepository, PlansService, ScriptChecker],
  exports: [PlansService],
})
export class PlansModule {}
