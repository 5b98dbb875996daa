import { Module } from '@nestjs/common';
import { TargetsModule } from '../targets/targets.module.js';
import { MetricSourcesController } from './metric-sources.controller.js';
import { MetricSourcesRepository } from './metric-sources.repository.js';
import { MetricSourcesService } from './metric-sources.service.js';
import { RunTelemetryController } from './run-telemetry.controller.js';
import { RunTelemetryRepository } from './run-telemetry.repository.js';
import { RunTelemetryService } from './run-telemetry.service.js';

/** Target telemetry: metric sources on targets, what they said during runs, and its report (docs/telemetry.md). */
@Module({
  imports: [TargetsModule],
  controllers: [MetricSourcesController, RunTelemetryController],
  providers: [MetricSourcesRepository, MetricSourcesService, RunTelemetryRepository, RunTelemetryService],
  exports: [MetricSourcesService, RunTelemetryService],
})
export class TelemetryModule {}
