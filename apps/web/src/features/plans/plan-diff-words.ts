import { describeThreshold, thresholdSchema, type PlanChange, type PlanSpec } from '@loadline/shared';

/**
 * A plan version diff in words, one sentence per change: "stage 2 target 40 → 50 VUs",
 * "threshold p95 < 200 ms added". Names come from the plan (scenario, request and threshold
 * as they read), values with their units. Pure: unit-tested without a DOM.
 */

const FIELD_WORDS: Record<string, string> = {
  vus: 'VUs',
  startVUs: 'start VUs',
  maxVUs: 'max VUs',
  preAllocatedVUs: 'pre-allocated VUs',
  gracefulRampDown: 'graceful ramp-down',
  gracefulStop: 'graceful stop',
  timeUnit: 'time unit',
  thinkTime: 'think time',
  op: 'operator',
};

/** A value as a person writes it: text as is, numbers with grouping, lists and objects briefly. */
export function valueWords(value: unknown): string {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function thresholdWords(value: unknown): string | null {
  const parsed = thresholdSchema.safeParse(value);
  return parsed.success ? describeThreshold(parsed.data) : null;
}

/** Where a change is, in words, and the unit of its value (" VUs", " ms", or ''). */
function place(parts: readonly string[], spec: PlanSpec, change: PlanChange): { words: string[]; unit: string; whole: string | null } {
  const words: string[] = [];
  let unit = '';
  let whole: string | null = null;
  let executor: string | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    const index = next !== undefined && /^\d+$/.test(next) ? Number(next) : null;
    const last = index === null ? i === parts.length - 1 : i + 1 === parts.length - 1;
    if (part === 'scenarios' && index !== null) {
      const scenario = spec.scenarios[index];
      executor = scenario?.load.executor;
      if (last) whole = `scenario ${scenario?.name ?? index + 1}`;
      else if (spec.scenarios.length > 1) words.push(`scenario ${scenario?.name ?? index + 1}:`);
      i++;
    } else if (part === 'requests' && index !== null && parts[i - 2] === 'scenarios') {
      const name = spec.scenarios[Number(parts[i - 1])]?.requests[index]?.name;
      words.push(`request ${name ?? index + 1}`);
      i++;
    } else if (part === 'thresholds' && index !== null) {
      // A threshold added or removed whole reads as itself; a field of one by its number.
      const value = change.kind === 'removed' ? change.before : change.after;
      const described = last ? thresholdWords(value) : null;
      words.push(described ? `threshold ${described}` : `threshold ${index + 1}`);
      if (described) whole = words.join(' ');
      i++;
    } else if (part === 'stages' && index !== null) {
      words.push(`stage ${index + 1}`);
      i++;
    } else if (part === 'headers' && next !== undefined) {
      words.push(`header ${next}`);
      i++;
    } else if (part === 'load') {
      continue;
    } else {
      words.push(FIELD_WORDS[part] ?? part);
      // "VUs 2 → 3": the VU fields' names already say the unit.
      if (part === 'target' && executor?.endsWith('-vus')) unit = ' VUs';
      if (part === 'value' && parts[0] === 'thresholds') {
        const threshold = spec.thresholds[Number(parts[1])];
        if (threshold?.metric === 'latency') unit = ' ms';
      }
    }
  }
  return { words, unit, whole };
}

/** One change in words. `spec`: the plan the names are read from (the newer version). */
export function changeWords(change: PlanChange, spec: PlanSpec): string {
  const parts = change.path === '(root)' ? [] : change.path.split('.');
  const { words, unit, whole } = place(parts, spec, change);
  const what = whole ?? words.join(' ');
  if (change.kind === 'added') return whole ? `${what} added` : `${what} ${valueWords(change.after)}${unit} added`;
  if (change.kind === 'removed') return whole ? `${what} removed` : `${what} ${valueWords(change.before)}${unit} removed`;
  return `${what} ${valueWords(change.before)} → ${valueWords(change.after)}${unit}`;
}
