import { z } from 'zod';
import { Cron } from 'croner';
import { runLabelsSchema, runTargetIdSchema } from './run-manifest.js';

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
  /** Labels every run it starts carries (`env=nightly`). */
  labels: runLabelsSchema.default({}),
  /** The target (environment) its runs go to instead of the plan's own; null or absent: the plan's. */
  targetId: runTargetIdSchema.nullable().default(null),
});
export type CreateScheduleInput = z.input<typeof createScheduleSchema>;
/** A change names only what changes (no defaults: an absent field keeps its value). */
export const updateScheduleSchema = z.object({
  cron: cronSchema.optional(),
  timezone: timezoneSchema.optional(),
  enabled: z.boolean().optional(),
  missedPolicy: z.enum(MISSED_POLICIES).optional(),
  overlapPolicy: z.enum(OVERLAP_POLICIES).optional(),
  labels: runLabelsSchema.optional(),
  /** Another target for its runs; null: back to the plan's own. */
  targetId: runTargetIdSchema.nullable().optional(),
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
  labels: runLabelsSchema.default({}),
  /** The target its runs go to; null: the plan's own. */
  targetId: z.string().nullable().default(null),
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

/**
 * The shortest time between two slots of a cron, in seconds, counted up to a minute: 60 for
 * a five-field cron (or a nickname such as @hourly) and for a six- or seven-field one whose
 * seconds field names one second, since such a cron fires at most once a minute. A seconds
 * field naming several seconds fires that many times in each minute it fires at all; the gap
 * is the closest two of them, second 59 to second 0 of the next minute included. Exact for
 * every gap below a minute, which is what the installation's floor
 * (LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS, at most 60) asks.
 */
export function cronShortestGapSeconds(cron: string): number {
  const fields = cron.trim().split(/\s+/);
  if (fields.length < 6) return 60;
  // croner reads the seconds field; with every other field open, its slots in one minute are
  // exactly the seconds it names.
  const minute = Date.UTC(2000, 0, 1);
  const seconds = new Cron(`${fields[0]} * * * * *`, { timezone: 'UTC', paused: true })
    .nextRuns(60, new Date(minute - 1))
    .map((date) => date.getTime())
    .filter((time) => time < minute + 60_000)
    .map((time) => (time - minute) / 1000);
  if (seconds.length < 2) return 60;
  const gaps = seconds.slice(1).map((second, i) => second - seconds[i]!);
  return Math.min(...gaps, 60 - seconds.at(-1)! + seconds[0]!);
}

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

/** What a schedule form shows as the cron is typed: its next slots, or why there are none. */
export type FireTimePreview = { ok: true; times: Date[] } | { ok: false; field: 'cron' | 'timezone'; message: string };

/**
 * The next `count` slots of a cron in a time zone, checked by the same schemas the API checks a
 * schedule with and computed by the same `nextFireTimes` the API lists, so what the form
 * previews is what the saved schedule will show and fire.
 */
export function previewFireTimes(cron: string, timezone: string, count = 5, from = new Date()): FireTimePreview {
  const zone = timezoneSchema.safeParse(timezone.trim());
  if (!zone.success) return { ok: false, field: 'timezone', message: zone.error.issues[0]!.message };
  const expression = cronSchema.safeParse(cron);
  if (!expression.success) return { ok: false, field: 'cron', message: expression.error.issues[0]!.message };
  return { ok: true, times: nextFireTimes(expression.data, zone.data, count, from) };
}
