import { z } from 'zod';
import { Cron } from 'croner';

/** An IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export const timezoneSchema = z
  .string()
  .min(1)
  .max(100)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone such as Europe/Paris or UTC' },
  );

/** A cron expression (5 fields, or 6 with seconds first), as croner reads it. */
export const cronSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .superRefine((expression, ctx) => {
    try {
      new Cron(expression, { paused: true });
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a valid cron expression: ${(error as Error).message.replace(/^CronPattern: /, '')}` });
    }
  });

export const MISSED_POLICIES = ['SKIP', 'RUN_ONCE'] as const;
export const OVERLAP_POLICIES = ['SKIP', 'RUN'] as const;

export const createScheduleSchema = z.object({
  cron: cronSchema,
  timezone: timezoneSchema.default('UTC'),
  enabled: z.boolean().default(true),
  /** Slots missed while the platform was down: skip them, or run once for the latest. */
  missedPolicy: z.enum(MISSED_POLICIES).default('SKIP'),
  /** When the plan's previous run is still going at a slot: skip (recorded) or run anyway. */
  overlapPolicy: z.enum(OVERLAP_POLICIES).default('SKIP'),
});
export type CreateScheduleInput = z.input<typeof createScheduleSchema>;
/** A change names only what changes (no defaults: an absent field keeps its value). */
export const updateScheduleSchema = z.object({
  cron: cronSchema.optional(),
  timezone: timezoneSchema.optional(),
  enabled: z.boolean().optional(),
  missedPolicy: z.enum(MISSED_POLICIES).optional(),
  overlapPolicy: z.enum(OVERLAP_POLICIES).optional(),
});

export const scheduleViewSchema = z.object({
  id: z.string(),
  planId: z.string(),
  cron: z.string(),
  timezone: z.string(),
  enabled: z.boolean(),
  missedPolicy: z.enum(MISSED_POLICIES),
  overlapPolicy: z.enum(OVERLAP_POLICIES),
  /** The next five slots (empty when disabled). */
  nextFireTimes: z.array(z.string()),
  createdAt: z.string(),
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

export const SLOT_OUTCOMES = ['PENDING', 'RAN', 'SKIPPED_OVERLAP', 'SKIPPED_MISSED', 'SKIPPED_QUOTA', 'SKIPPED_ERROR'] as const;
export const scheduleSlotViewSchema = z.object({
  slotAt: z.string(),
  outcome: z.enum(SLOT_OUTCOMES),
  runId: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduleSlotView = z.infer<typeof scheduleSlotViewSchema>;

/** The next `count` slots of a cron in a time zone, after `from`. */
export function nextFireTimes(cron: string, timezone: string, count: number, from = new Date()): Date[] {
  return new Cron(cron, { timezone, paused: true }).nextRuns(count, from);
}

/**
 * Parsed crons, by expression and time zone, each with its last answer: parsing is most of
 * the cost of a next slot, and a scheduler claiming 10,000 schedules due at the same moment
 * asks the same few crons for the slot after the same moment thousands of times. Bounded:
 * cleared when full.
 */
const parsed = new Map<string, { job: Cron; afterMs: number; next: Date | null }>();
const PARSED_MAX = 10_000;

/** The first slot strictly after `after`, or null when the cron has none left. */
export function nextFireAfter(cron: string, timezone: string, after: Date): Date | null {
  const key = `${timezone}\u0000${cron}`;
  let entry = parsed.get(key);
  if (!entry) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    entry = { job: new Cron(cron, { timezone, paused: true }), afterMs: NaN, next: null };
    parsed.set(key, entry);
  }
  if (entry.afterMs !== after.getTime()) {
    entry.next = entry.job.nextRun(after);
    entry.afterMs = after.getTime();
  }
  return entry.next ? new Date(entry.next) : null;
}
