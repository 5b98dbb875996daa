import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule } from './config/config.module.js';
import type { ApiEnv } from './config/env.js';
import { DatabaseModule } from './prisma/database.module.js';
import { QueueModule } from './queue/queue.module.js';
import { EventsModule } from './events/events.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { PasswordsModule } from './passwords/passwords.module.js';
import { TargetsModule } from './targets/targets.module.js';
import { PlansModule } from './plans/plans.module.js';
import { DataSetsModule } from './data-sets/data-sets.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { RunsModule } from './runs/runs.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { BaselinesModule } from './baselines/baselines.module.js';
import { SharesModule } from './shares/shares.module.js';
import { TriggersModule } from './triggers/triggers.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { TracingShutdown } from './common/tracing-shutdown.js';

@Module({})
export class AppModule {
  static forEnv(env: ApiEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        DatabaseModule,
        QueueModule,
        EventsModule,
        MetricsModule,
        AuditModule,
        WebhooksModule,
        AuthModule,
        PasswordsModule,
        TargetsModule,
        // Before PlansModule: POST plans/import must never be read as a plans/:id route.
        ImportsModule,
        PlansModule,
        DataSetsModule,
        RunsModule,
        ReportsModule,
        BaselinesModule,
        SharesModule,
        TriggersModule,
        SchedulesModule,
        HealthModule,
      ],
      providers: [TracingShutdown],
    };
  }
}
