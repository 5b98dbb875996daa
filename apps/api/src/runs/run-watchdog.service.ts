import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunsRepository } from './runs.repository.js';
import { RunFinalizer } from './run-finalizer.service.js';

const SWEEP_INTERVAL_MS = 5_000;
/** How long a finished run waits for seconds still in the queue before it ends without them. */
const FINISHING_PATIENCE_MS = 15_000;

/**
 * Ends runs that nobody else will end: past their deadline (k6 hung, the runner died, no runner
 * ever took the job) or finishing but missing seconds that never arrived. The database is the
 * truth, so this also recovers runs after an API restart.
 */
@Injectable()
export class RunWatchdog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunWatchdog.name);
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly runs: RunsRepository,
    private readonly finalizer: RunFinalizer,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const overdue = await this.runs.overdue(now, new Date(now.getTime() - FINISHING_PATIENCE_MS));
      for (const run of overdue) {
        await runAsTenant(run.tenantId, async () => {
          if (run.status === 'FINISHING') {
            await this.finalizer.finalize(run.id, { dataMissing: true });
          } else {
            await this.finalizer.finalize(run.id, {
              dataMissing: true,
              abandoned: {
                code: 'DEADLINE_EXCEEDED',
                message: 'The run did not finish within its planned duration plus the grace period',
              },
            });
          }
        });
      }
    } catch (error) {
      this.logger.error({ err: String(error) }, 'watchdog sweep failed');
    } finally {
      this.sweeping = false;
    }
  }
}
