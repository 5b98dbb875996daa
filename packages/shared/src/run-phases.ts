import { z } from 'zod';
import { durationToSeconds } from './duration.js';
import { loadProfileSchema, plannedDurationSeconds } from './plan-load.js';
import type { RunManifest } from './run-manifest.js';

/**
 * A run's phases: its scenarios in time, each from its start to the end of its load profile,
 * in seconds from the load's start. What the charts shade behind the lines (the report, the
 * live view and the public share page alike), taken from the run's manifest: the load as it
 * ran, whatever the plan says now.
 */
export const runPhaseSchema = z.object({ name: z.string(), from: z.number(), to: z.number() });
export type RunPhase = z.infer<typeof runPhaseSchema>;

/** The phases of a run with more than one scenario (a single scenario's phase would be the whole run). */
export function runPhases(load: RunManifest['load'] | null | undefined): RunPhase[] {
  if (!load || load.length < 2) return [];
  return load.flatMap((entry) => {
    const parsed = loadProfileSchema.safeParse(entry.load);
    if (!parsed.success) return [];
    const from = durationToSeconds(entry.startTime ?? '0s');
    return [{ name: entry.scenario, from, to: from + plannedDurationSeconds(parsed.data) }];
  });
}
