import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), error: z.string().optional() }),
  redis: z.object({ ok: z.boolean(), error: z.string().optional() }),
  runners: z.object({ live: z.number().int(), ids: z.array(z.string()) }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** Runners beat every 5 s (queue/run-queue.ts); one silent this long is gone. */
export const RUNNER_HEARTBEAT_TTL_SECONDS = 15;
