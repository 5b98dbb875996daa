import { Global, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Server } from 'node:http';
import { TERMINAL_RUN_STATUSES, type RunStatus } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { DatabaseService } from '../prisma/database.service.js';
import { DomainEvents } from '../events/domain-events.js';
import { collectRunsByStatus, runsEnded } from './metrics.js';
import { startMetricsServer, type OperatorRoute } from './metrics-server.js';

/** Starts the metrics port with the app and counts what the domain events announce. */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;
  private readonly routes = new Map<string, OperatorRoute>();

  constructor(
    @Inject(API_ENV) private readonly env: ApiEnv,
    private readonly db: DatabaseService,
    events: DomainEvents,
  ) {
    events.on('run.ended', ({ run }) => {
      runsEnded.inc({ status: run.status });
    });
    // Only runs in flight: a small set however long the history (status is indexed).
    collectRunsByStatus(async () => {
      const rows = await this.db.system.run.groupBy({
        by: ['status'],
        where: { status: { notIn: [...TERMINAL_RUN_STATUSES] as RunStatus[] } },
        _count: { _all: true },
      });
      const counts: Record<string, number> = { QUEUED: 0, STARTING: 0, RUNNING: 0, FINISHING: 0 };
      for (const row of rows) counts[row.status] = row._count._all;
      return counts;
    });
  }

  /**
   * Serves `path` on the metrics port (GET, JSON): what only the operator may read, e.g. the
   * health details (health/). Added by the domains at module init, before the port opens.
   */
  serveToOperator(path: string, route: OperatorRoute): void {
    this.routes.set(path, route);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.LOADLINE_METRICS_PORT) this.server = await startMetricsServer(this.env.LOADLINE_METRICS_HOST, this.env.LOADLINE_METRICS_PORT, this.routes);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
