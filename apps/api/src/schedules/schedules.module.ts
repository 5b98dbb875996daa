import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { TargetsModule } from '../targets/targets.module.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesRepository } from './schedules.repository.js';
import { SchedulesService } from './schedules.service.js';
import { SchedulerService } from './scheduler.service.js';

@Module({
  imports: [RunsModule, PlansModule, TargetsModule],
  controllers: [SchedulesController],
  providers: [SchedulesRepository, SchedulesService, SchedulerService],
})
export class SchedulesModule {}
