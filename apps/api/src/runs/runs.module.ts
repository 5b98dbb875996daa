import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module.js';
import { TargetsModule } from '../targets/targets.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { RunsController } from './runs.controller.js';
import { RunsRepository } from './runs.repository.js';
import { RunListRepository } from './run-list.repository.js';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { RunSecondMaintenanceRepository } from './run-second-maintenance.repository.js';
import { RunSecondPacker } from './run-second-packer.service.js';
import { RunSecondRetention } from './run-second-retention.service.js';
import { RunDigestsRepository } from './run-digests.repository.js';
import { RunsService } from './runs.service.js';
import { RunFinalizer } from './run-finalizer.service.js';
import { ResultsConsumer } from './results.consumer.js';
import { RunWatchdog } from './run-watchdog.service.js';
import { RunLiveService } from './run-live.service.js';
import { RunLiveHub } from './run-live-hub.js';
import { RunSignals } from './run-signals.js';
import { RunDispatcher } from './run-dispatcher.service.js';
import { RunStopRules } from './run-stop-rules.service.js';
import { RunDispatchRepository } from './run-dispatch.repository.js';
import { RunReconciler } from './run-reconciler.service.js';
import { RunFiguresRepository } from './run-figures.repository.js';
import { RunBaselinesRepository } from './run-baselines.repository.js';
import { RunBaselines } from './run-baselines.service.js';
import { PlanRegressionsRepository } from './plan-regressions.repository.js';
import { RunQueueModule } from '../run-queue/run-queue.module.js';
import { TelemetryModule } from '../telemetry/telemetry.module.js';
import { DataSetsModule } from '../data-sets/data-sets.module.js';
import { RunDataService } from './run-data.service.js';

@Module({
  imports: [PlansModule, TargetsModule, OrganizationsModule, RunQueueModule, TelemetryModule, DataSetsModule],
  controllers: [RunsController],
  providers: [
    RunsRepository,
    RunListRepository,
    RunSecondsRepository,
    RunSecondMaintenanceRepository,
    RunSecondPacker,
    RunSecondRetention,
    RunDigestsRepository,
    RunsService,
    RunFinalizer,
    ResultsConsumer,
    RunWatchdog,
    RunLiveService,
    RunLiveHub,
    RunSignals,
    RunDispatcher,
    RunStopRules,
    RunDispatchRepository,
    RunReconciler,
    RunFiguresRepository,
    RunBaselinesRepository,
    RunBaselines,
    PlanRegressionsRepository,
    RunDataService,
  ],
  exports: [RunsService, RunLiveService, RunFiguresRepository, RunBaselinesRepository, RunBaselines, PlanRegressionsRepository],
})
export class RunsModule {}
