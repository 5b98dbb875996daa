import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { TargetsModule } from '../targets/targets.module.js';
import { BaselinesController } from './baselines.controller.js';
import { BaselinesService } from './baselines.service.js';

@Module({
  imports: [PlansModule, RunsModule, ReportsModule, TargetsModule],
  controllers: [BaselinesController],
  providers: [BaselinesService],
  exports: [BaselinesService],
})
export class BaselinesModule {}
