import { z } from 'zod';
import { TELEMETRY_READ_ERRORS } from './sample.js';
import { TELEMETRY_LIMITS } from './source.js';

/**
 * How the API stores one source's telemetry for one minute of a run (RunTelemetryMinute.data,
 * versioned in stored-json.ts): one row per run, source and minute, each kept series an array
 * of 60 values (null where a second did not carry it). A row per second would cost more in
 * row headers alone than the budget of 20 KB per run-minute.
 */
export const telemetryMinuteSchema = z.object({
  v: z.literal(1),
  /** Series keys, in the order of `values`; at most TELEMETRY_LIMITS.maxKeptSeries. */
  keys: z.array(z.string().max(300)).max(TELEMETRY_LIMITS.maxKeptSeries),
  /** Offsets (0..59) within the minute of the seconds read, ascending. */
  at: z.array(z.number().int().min(0).max(59)).max(60),
  /** values[k][offset]: series keys[k] at that second. */
  values: z.array(z.array(z.number().nullable()).length(60)),
  /** Seconds whose read failed: [offset, code, message]. */
  errors: z.array(z.tuple([z.number().int().min(0).max(59), z.enum(TELEMETRY_READ_ERRORS), z.string().max(500)])).max(60),
  /** Seconds in which counters went backwards (a restart's sign): [offset, keys]. */
  resets: z
    .array(z.tuple([z.number().int().min(0).max(59), z.array(z.string().max(300)).max(200)]))
    .max(60)
    .optional(),
});
export type TelemetryMinute = z.infer<typeof telemetryMinuteSchema>;
