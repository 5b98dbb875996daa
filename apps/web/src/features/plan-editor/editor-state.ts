import type { ScenarioForm } from './model/form-types';

/** How a section changes its part of the editor's state: a function of the current value. */
export type Update<T> = (fn: (value: T) => T) => void;

export function patchById<T extends { id: number }>(rows: readonly T[], id: number, fn: (row: T) => T): T[] {
  return rows.map((row) => (row.id === id ? fn(row) : row));
}

export function removeById<T extends { id: number }>(rows: readonly T[], id: number): T[] {
  return rows.filter((row) => row.id !== id);
}

/** The row at `index` moved up (-1) or down (+1). */
export function moveRow<T>(rows: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The Update of a part, from the Update of the whole. */
export function focus<T, K extends keyof T>(update: Update<T>, key: K): Update<T[K]> {
  return (fn) => update((value) => ({ ...value, [key]: fn(value[key]) }));
}

/** Captured values a step may use as {{name}}: earlier steps of a sequence, any step of a weighted scenario. */
export function capturesAvailable(scenario: ScenarioForm, stepIndex: number): string[] {
  const steps = scenario.flow === 'sequence' ? scenario.steps.slice(0, stepIndex) : scenario.steps;
  const names = steps.flatMap((step) => (step.protocol === 'http' ? step.captures.map((capture) => capture.name.trim()) : []));
  return [...new Set(names.filter(Boolean))];
}

/** What the editor knows about the plan's target while editing. */
export interface TargetContext {
  protocol: 'http' | 'ws' | 'grpc';
  variableNames: string[];
  baseUrl: string | null;
  /** {{data.set.column}} of the plan's data sets (DataSection), offered beside each request. */
  dataReferences?: { text: string; secret: boolean }[];
}
