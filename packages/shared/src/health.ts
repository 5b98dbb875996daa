import { z } from 'zod';

const statusSchema = z.enum(['ok', 'degraded']);
/** A part of the platform as anyone may see it: whether it answers, never why not. */
const partSchema = z.object({ ok: z.boolean() });
/** The same part for the operator (the metrics port): why it failed, in the driver's words. */
const partDetailsSchema = partSchema.extend({ error: z.string().optional() });

/**
 * GET /health (public, no login): ok or degraded per part, and how many runners are online
 * (whether runs can start). Never which runners nor an error text: those carry host names,
 * addresses and user names, and are for the operator (healthDetailsSchema).
 */
export const healthSchema = z.object({
  status: statusSchema,
  database: partSchema,
  redis: partSchema,
  runners: z.object({ live: z.number().int() }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /health on the API's metrics port (the operator's): why a part failed, and the runners' ids. */
export const healthDetailsSchema = z.object({
  status: statusSchema,
  database: partDetailsSchema,
  redis: partDetailsSchema,
  runners: z.object({ live: z.number().int(), ids: z.array(z.string()) }),
  version: z.string(),
});
export type HealthDetails = z.infer<typeof healthDetailsSchema>;

/** The public view of the operator's health: the same answer, without ids and error texts. */
export function publicHealth(details: HealthDetails): Health {
  return {
    status: details.status,
    database: { ok: details.database.ok },
    redis: { ok: details.redis.ok },
    runners: { live: details.runners.live },
    version: details.version,
  };
}

/** GET /health/live: the process answers (no dependency is asked, so a database blip restarts nothing). */
export const livenessSchema = z.object({ status: z.literal('ok'), version: z.string() });
export type Liveness = z.infer<typeof livenessSchema>;

/** GET /health/ready: 200 when PostgreSQL and Redis answer (traffic may come), 503 otherwise; public, so no error text. */
export const readinessSchema = healthSchema.pick({ status: true, database: true, redis: true, version: true });
export type Readiness = z.infer<typeof readinessSchema>;

/** Runners beat every 5 s (queue/run-queue.ts); one silent this long is gone. */
export const RUNNER_HEARTBEAT_TTL_SECONDS = 15;
