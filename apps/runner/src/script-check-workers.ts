import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ScriptInspection } from '@loadline/shared';
import type { CheckQueue, TakenCheck } from '@loadline/shared/queue';

/** How long one wait for new work blocks; bounds how soon close() is noticed and lost wake-ups are made up for. */
const WAIT_SECONDS = 1;

export interface ScriptCheckWorkersOptions {
  queue: CheckQueue;
  /** A connection of its own: waiting for work blocks it (BLPOP). */
  blocking: Redis;
  /** Checks answered at once. */
  workers: number;
  /** The most one check may take (the inspector's own ceiling); the queue frees its place after it. */
  checkSeconds: number;
  check: (source: string) => Promise<ScriptInspection>;
  logger: Logger;
}

/**
 * A runner's script-check workers, beside its run (a long run does not hold checks up). They
 * take checks from the check queue, organizations in turn and at most one of each running
 * installation-wide (CheckQueue), so one organization's burst cannot take every worker.
 */
export class ScriptCheckWorkers {
  private closing = false;
  private readonly active = new Set<Promise<void>>();
  private readonly loop: Promise<void>;

  constructor(private readonly options: ScriptCheckWorkersOptions) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    const { queue, blocking, workers, logger } = this.options;
    while (!this.closing) {
      try {
        if (this.active.size >= workers) {
          await Promise.race(this.active);
          continue;
        }
        const check = await queue.take(this.options.checkSeconds);
        if (check) this.start(check);
        else await queue.waitForWork(blocking, WAIT_SECONDS);
      } catch (error) {
        if (this.closing) break;
        logger.error({ err: (error as Error).message }, 'script check queue error; retrying in 1 s');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  private start(check: TakenCheck): void {
    const { queue, logger } = this.options;
    const log = logger.child({ tenantId: check.organizationId, checkId: check.checkId });
    const work = (async () => {
      let result: ScriptInspection;
      try {
        result = await this.options.check(check.source);
      } catch (error) {
        // The runner's own failure (its work folder, k6 missing): the user gets no runner detail.
        log.error({ err: (error as Error).message }, 'script check failed in the runner');
        result = { ok: false, message: 'The runner could not check the script; try again.' };
      }
      await queue.finish(check, result).catch((error: Error) => log.error({ err: error.message }, 'script check answer not sent'));
    })();
    const tracked = work.finally(() => this.active.delete(tracked));
    this.active.add(tracked);
  }

  /** Takes no more checks; answers those it has. */
  async close(): Promise<void> {
    this.closing = true;
    await this.loop;
    await Promise.all(this.active);
  }
}
