import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), error: z.string().optional() }),
  redis: z.object({ ok: z.boolean(), error: z.string().optional() }),
  runners: z.object({ live: z.number().int(), ids: z.array(z.string()) }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** Runners refresh a key like this every few seconds; the key expiring means gone. */
export const runnerHeartbeatKey = (queuePrefix: string, runnerId: string) => `${queuePrefix}:runner:${runnerId}`;
export const RUNNER_HEARTBEAT_TTL_SECONDS = 15;
