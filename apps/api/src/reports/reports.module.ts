import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { TelemetryModule } from '../telemetry/telemetry.module.js';
import { TargetsModule } from '../targets/targets.module.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';

@Module({
  imports: [RunsModule, TelemetryModule, PlansModule, TargetsModule],
  controllers: [ReportsController],
  providers: [ReportsService],
  exports: [ReportsService],
})
export class ReportsModule {}
