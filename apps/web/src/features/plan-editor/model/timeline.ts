import { durationSchema, durationToSeconds, loadProfileSchema, plannedDurationSeconds, type LoadProfile } from '@loadline/shared';
import { loadToInput } from './load-input';
import { newLoad, newScenario, newStage, rowId, type ScenarioForm, type StepForm } from './form-types';

/**
 * When each scenario runs: scenarios that "start after previous" begin when the previous
 * scenario's profile ends (its stages or duration; iteration executors: their maxDuration),
 * which is how k6's startTime makes a sequence. Pure, for the editor, its chart and tests.
 */

/** The shortest k6 duration for a number of seconds: 90 -> "1m30s", 3600 -> "1h", 0.5 -> "500ms". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '0s';
  let ms = Math.round(seconds * 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
    ['ms', 1],
  ] as const) {
    const count = Math.floor(ms / size);
    if (count > 0) parts.push(`${count}${unit}`);
    ms -= count * size;
  }
  return parts.join('');
}

export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  return durationSchema.safeParse(trimmed).success ? durationToSeconds(trimmed) : null;
}

/** The scenario's load profile if what was typed is valid, else null. */
export function parsedLoad(scenario: ScenarioForm): LoadProfile | null {
  const parsed = loadProfileSchema.safeParse(loadToInput(scenario.load));
  return parsed.success ? parsed.data : null;
}

export interface ScenarioTiming {
  /** Seconds from the start of the run; null when it cannot be known (a bad duration above). */
  start: number | null;
  /** How long its profile runs; null when the profile is not valid yet. */
  length: number | null;
}

/** Start and length of every scenario, following "start after previous" down the list. */
export function scenarioTimings(scenarios: readonly ScenarioForm[]): ScenarioTiming[] {
  const timings: ScenarioTiming[] = [];
  scenarios.forEach((scenario, index) => {
    const load = parsedLoad(scenario);
    const length = load ? plannedDurationSeconds(load) : null;
    const previous = timings[index - 1];
    let start: number | null;
    if (index > 0 && scenario.startAfterPrevious) {
      start = previous && previous.start !== null && previous.length !== null ? previous.start + previous.length : null;
    } else {
      start = parseDuration(scenario.startTime);
    }
    timings.push({ start, length });
  });
  return timings;
}

/**
 * The startTime to send for a scenario. A computed start keeps the text the user (or the
 * stored plan) wrote when it means the same time, so editing a plan does not rewrite "2m"
 * as "120s" in its next version.
 */
export function startTimeText(scenario: ScenarioForm, timing: ScenarioTiming | undefined): string {
  if (!scenario.startAfterPrevious || !timing || timing.start === null) return scenario.startTime.trim();
  const typed = parseDuration(scenario.startTime);
  return typed !== null && Math.abs(typed - timing.start) < 1e-6 ? scenario.startTime.trim() : formatDuration(timing.start);
}

/** A stored plan's scenario starts right where the previous one ended: show it as "after previous". */
export function startsAfterPrevious(previousStart: number, previousLoad: LoadProfile, startTime: string): boolean {
  const start = parseDuration(startTime);
  const end = previousStart + plannedDurationSeconds(previousLoad);
  return start !== null && start > 0 && Math.abs(start - end) < 1e-6;
}

/** Copies of steps for another scenario: request names are report rows, unique across the plan. */
export function copySteps(steps: readonly StepForm[], prefix: string): StepForm[] {
  return steps.map((step) => ({ ...structuredClone(step), id: rowId(), name: `${prefix} ${step.name}`.slice(0, 100) }));
}

/**
 * "Baseline, then normal, then peak": three sequential scenarios with the first scenario's
 * requests (copied under each scenario's name), the shape most capacity reports describe.
 */
export function sequentialPreset(template: readonly StepForm[]): ScenarioForm[] {
  const baseline = newScenario({
    name: 'baseline',
    load: newLoad({ executor: 'constant-vus', vus: '5', duration: '2m' }),
    steps: copySteps(template, 'baseline'),
  });
  const normal = newScenario({
    name: 'normal',
    load: newLoad({ executor: 'constant-vus', vus: '30', duration: '5m' }),
    startAfterPrevious: true,
    startTime: '2m',
    steps: copySteps(template, 'normal'),
  });
  const peak = newScenario({
    name: 'peak',
    load: newLoad({ executor: 'ramping-vus', startVUs: '10', vuStages: [newStage('3m', '100')] }),
    startAfterPrevious: true,
    startTime: '7m',
    steps: copySteps(template, 'peak'),
  });
  return [baseline, normal, peak];
}

/** A scenario name not used yet: "scenario2", "scenario3"… */
export function freeScenarioName(scenarios: readonly ScenarioForm[], base = 'scenario'): string {
  const taken = new Set(scenarios.map((scenario) => scenario.name.trim()));
  for (let n = scenarios.length + 1; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** A request name not used in any scenario yet. */
export function freeRequestName(scenarios: readonly ScenarioForm[], base = 'request'): string {
  const taken = new Set(scenarios.flatMap((scenario) => scenario.steps.map((step) => step.name.trim())));
  for (let n = taken.size + 1; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}
