import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), error: z.string().optional() }),
  redis: z.object({ ok: z.boolean(), error: z.string().optional() }),
  runners: z.object({ live: z.number().int(), ids: z.array(z.string()) }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /health/live: the process answers (no dependency is asked, so a database blip restarts nothing). */
export const livenessSchema = z.object({ status: z.literal('ok'), version: z.string() });
export type Liveness = z.infer<typeof livenessSchema>;

/** GET /health/ready: 200 when PostgreSQL and Redis answer (traffic may come), 503 otherwise. */
export const readinessSchema = healthSchema.pick({ status: true, database: true, redis: true, version: true });
export type Readiness = z.infer<typeof readinessSchema>;

/** Runners beat every 5 s (queue/run-queue.ts); one silent this long is gone. */
export const RUNNER_HEARTBEAT_TTL_SECONDS = 15;
