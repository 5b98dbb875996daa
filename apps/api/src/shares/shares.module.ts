import { Module } from '@nestjs/common';
import { PublicUrl } from '../common/http/public-url.js';
import { PlansModule } from '../plans/plans.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { TargetsModule } from '../targets/targets.module.js';
import { TelemetryModule } from '../telemetry/telemetry.module.js';
import { SharesController } from './shares.controller.js';
import { SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

@Module({
  imports: [RunsModule, TelemetryModule, PlansModule, ReportsModule, TargetsModule],
  controllers: [SharesController],
  providers: [SharesRepository, SharesService, PublicUrl],
})
export class SharesModule {}
