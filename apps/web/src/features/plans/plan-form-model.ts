import {
  createPlanSchema,
  type LatencyStat,
  type PlanView,
  type ThresholdOp,
  HTTP_METHODS,
} from '@loadline/shared';
import type { z } from 'zod';
import { mergeFieldErrors, zodErrorToFieldErrors, type FieldErrors } from '../../forms/field-errors';

/**
 * The plan editor's state is what the user typed (strings, percentages, comma lists); this
 * module turns it into the contract's CreatePlanInput and validates that with the shared
 * zod schema, so field errors carry the same paths ("requests.0.path") as the API's.
 */
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type Executor = 'constant-vus' | 'ramping-vus' | 'constant-arrival-rate' | 'ramping-arrival-rate';

export const isArrivalRate = (executor: Executor): boolean =>
  executor === 'constant-arrival-rate' || executor === 'ramping-arrival-rate';

export type MetricKind = 'latency' | 'error_rate' | 'rps';

export interface StageRow {
  id: number;
  duration: string;
  target: string;
}

export interface RequestRow {
  id: number;
  name: string;
  method: HttpMethod;
  path: string;
  body: string;
  /** "200, 204"; empty = k6's default (any 2xx/3xx). */
  expectedStatuses: string;
  weight: string;
}

export interface ThresholdRow {
  id: number;
  metric: MetricKind;
  stat: LatencyStat;
  op: ThresholdOp;
  /** Milliseconds for latency, percent for error rate, requests/s for RPS. */
  value: string;
  /** Request name the threshold is scoped to; empty = the whole run. */
  request: string;
}

export interface PlanFormState {
  name: string;
  targetId: string;
  executor: Executor;
  vus: string;
  duration: string;
  startVUs: string;
  /** Ramping VUs: stage targets are VUs. */
  stages: StageRow[];
  /** Arrival rate: iterations (one request each) per `timeUnit`. */
  rate: string;
  startRate: string;
  timeUnit: string;
  /** Ramping arrival rate: stage targets are rates per `timeUnit`. */
  rateStages: StageRow[];
  preAllocatedVUs: string;
  /** Blank = preAllocatedVUs (k6's default). */
  maxVUs: string;
  requests: RequestRow[];
  thresholds: ThresholdRow[];
}

export type CreatePlanBody = z.output<typeof createPlanSchema>;

/**
 * What the form sends: a plan with one scenario, in the single-scenario shorthand the API
 * accepts (`load` and `requests` at the top; the API stores them as scenario "default").
 */
export interface PlanFormInput {
  name: string;
  targetId: string;
  load: Record<string, unknown>;
  requests: Record<string, unknown>[];
  thresholds: Record<string, unknown>[];
  segments: number;
}

/** Methods that carry a request body in the form; others drop whatever was typed. */
export const BODY_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export const METRIC_UNITS: Record<MetricKind, string> = { latency: 'ms', error_rate: '%', rps: 'req/s' };

let nextRowId = 1;
const rowId = () => nextRowId++;

export function newStageRow(duration = '30s', target = '10'): StageRow {
  return { id: rowId(), duration, target };
}

export function newRequestRow(partial: Partial<Omit<RequestRow, 'id'>> = {}): RequestRow {
  return { id: rowId(), name: '', method: 'GET', path: '/', body: '', expectedStatuses: '', weight: '1', ...partial };
}

export function newThresholdRow(partial: Partial<Omit<ThresholdRow, 'id'>> = {}): ThresholdRow {
  return { id: rowId(), metric: 'latency', stat: 'p95', op: '<', value: '500', request: '', ...partial };
}

export function initialPlanForm(targetId = ''): PlanFormState {
  return {
    name: '',
    targetId,
    executor: 'constant-vus',
    vus: '10',
    duration: '30s',
    startVUs: '0',
    stages: [newStageRow('30s', '10'), newStageRow('1m', '10')],
    rate: '50',
    startRate: '0',
    timeUnit: '1s',
    rateStages: [newStageRow('30s', '50'), newStageRow('1m', '50')],
    preAllocatedVUs: '10',
    maxVUs: '50',
    requests: [newRequestRow({ name: 'home', path: '/' })],
    thresholds: [newThresholdRow(), newThresholdRow({ metric: 'error_rate', value: '1' })],
  };
}

/** Immutable update of the row with `id`. */
export function patchRow<T extends { id: number }>(rows: readonly T[], id: number, patch: Partial<T>): T[] {
  return rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
}

interface NumberResult {
  value: number;
  error?: string;
}

/** A typed number; NaN plus a message when blank or not a number (zod then reports the type). */
export function parseNumber(text: string): NumberResult {
  const trimmed = text.trim();
  if (trimmed === '') return { value: Number.NaN, error: 'required' };
  const value = Number(trimmed);
  return Number.isFinite(value) ? { value } : { value: Number.NaN, error: 'enter a number' };
}

/** "200, 204 ,404" -> [200, 204, 404]; blank -> undefined; junk -> an error. */
export function parseStatusList(text: string): { statuses?: number[]; error?: string } {
  const parts = text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.some((part) => !/^\d{3}$/.test(part))) {
    return { error: 'use three-digit status codes separated by commas, e.g. 200, 204' };
  }
  return { statuses: [...new Set(parts.map(Number))] };
}

/** The form as the contract's input, plus the errors found while reading the typed text. */
export function toCreatePlanInput(state: PlanFormState): { input: PlanFormInput; errors: FieldErrors } {
  const errors: Record<string, string> = {};
  const num = (path: string, text: string): number => {
    const { value, error } = parseNumber(text);
    if (error && !(path in errors)) errors[path] = error;
    return value;
  };

  const stages = (rows: readonly StageRow[]) =>
    rows.map((stage, i) => ({ duration: stage.duration.trim(), target: num(`load.stages.${i}.target`, stage.target) }));
  const vuPool = () => ({
    preAllocatedVUs: num('load.preAllocatedVUs', state.preAllocatedVUs),
    ...(state.maxVUs.trim() !== '' ? { maxVUs: num('load.maxVUs', state.maxVUs) } : {}),
  });

  let load: PlanFormInput['load'];
  switch (state.executor) {
    case 'constant-vus':
      load = { executor: 'constant-vus', vus: num('load.vus', state.vus), duration: state.duration.trim() };
      break;
    case 'ramping-vus':
      load = { executor: 'ramping-vus', startVUs: num('load.startVUs', state.startVUs), stages: stages(state.stages) };
      break;
    case 'constant-arrival-rate':
      load = {
        executor: 'constant-arrival-rate',
        rate: num('load.rate', state.rate),
        timeUnit: state.timeUnit.trim(),
        duration: state.duration.trim(),
        ...vuPool(),
      };
      break;
    case 'ramping-arrival-rate':
      load = {
        executor: 'ramping-arrival-rate',
        startRate: num('load.startRate', state.startRate),
        timeUnit: state.timeUnit.trim(),
        stages: stages(state.rateStages),
        ...vuPool(),
      };
      break;
  }

  const requests = state.requests.map((row, i) => {
    const { statuses, error } = parseStatusList(row.expectedStatuses);
    if (error) errors[`requests.${i}.expect`] = error;
    const body = BODY_METHODS.includes(row.method) && row.body !== '' ? row.body : undefined;
    return {
      name: row.name.trim(),
      method: row.method,
      path: row.path.trim(),
      ...(body !== undefined ? { body } : {}),
      ...(statuses ? { expect: { status: statuses } } : {}),
      weight: num(`requests.${i}.weight`, row.weight),
    };
  });

  const thresholds = state.thresholds.map((row, i) => {
    const path = `thresholds.${i}.value`;
    const typed = num(path, row.value);
    const scope = row.request.trim() ? { request: row.request.trim() } : {};
    switch (row.metric) {
      case 'latency':
        return { metric: 'latency' as const, stat: row.stat, op: row.op, value: typed, ...scope };
      case 'error_rate':
        if (Number.isFinite(typed) && (typed < 0 || typed > 100) && !(path in errors)) {
          errors[path] = 'enter a percentage between 0 and 100';
        }
        // Entered as a percentage, sent as a fraction; rounding keeps 1 % = 0.01 exactly.
        return { metric: 'error_rate' as const, op: row.op, value: Math.round(typed * 1e6) / 1e8, ...scope };
      case 'rps':
        return { metric: 'rps' as const, op: row.op, value: typed, ...scope };
    }
  });

  const input: PlanFormInput = {
    name: state.name.trim(),
    targetId: state.targetId,
    load,
    requests,
    thresholds,
    segments: 1,
  };
  return { input, errors };
}

/** Client-side validation with the shared schema: what the API would say, before asking it. */
export function validatePlanForm(state: PlanFormState): { body: CreatePlanBody | null; errors: FieldErrors } {
  const { input, errors: typingErrors } = toCreatePlanInput(state);
  const parsed = createPlanSchema.safeParse(input);
  // The schema reports the shorthand's fields under the scenario it becomes; the form shows them where they were typed.
  const schemaErrors = parsed.success ? {} : unscenario(zodErrorToFieldErrors(parsed.error));
  const errors = mergeFieldErrors(typingErrors, friendlier(schemaErrors));
  const valid = parsed.success && Object.keys(errors).length === 0;
  return { body: valid ? parsed.data : null, errors };
}

function unscenario(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^scenarios\.0\./, ''), message]));
}

/** A blank target select reads better as an instruction. */
function friendlier(errors: FieldErrors): FieldErrors {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === 'targetId') out[path] = 'choose a target';
    else if (path === 'load.maxVUs' && /maxVUs must be at least/.test(message)) out[path] = 'must be at least the pre-allocated VUs';
    else out[path] = message;
  }
  return out;
}

/** Every field path the form renders, in document order (for focus and the error summary). */
export function planFieldPaths(state: PlanFormState): string[] {
  const stagePaths = (rows: readonly StageRow[]) => rows.flatMap((_, i) => [`load.stages.${i}.duration`, `load.stages.${i}.target`]);
  const pool = ['load.preAllocatedVUs', 'load.maxVUs'];
  const load = {
    'constant-vus': () => ['load.vus', 'load.duration'],
    'ramping-vus': () => ['load.startVUs', ...stagePaths(state.stages)],
    'constant-arrival-rate': () => ['load.rate', 'load.timeUnit', 'load.duration', ...pool],
    'ramping-arrival-rate': () => ['load.startRate', 'load.timeUnit', ...stagePaths(state.rateStages), ...pool],
  }[state.executor]();
  const requests = state.requests.flatMap((_, i) =>
    ['name', 'method', 'path', 'body', 'expect', 'weight'].map((field) => `requests.${i}.${field}`),
  );
  const thresholds = state.thresholds.flatMap((_, i) =>
    ['metric', 'stat', 'op', 'value', 'request'].map((field) => `thresholds.${i}.${field}`),
  );
  return ['name', 'targetId', 'load.executor', ...load, ...requests, ...thresholds];
}

/** A stored plan back into the editor's state (for "duplicate" and future editing). */
export function planViewToForm(plan: PlanView): PlanFormState {
  const base = initialPlanForm(plan.targetId);
  // The form edits one scenario; plans with several are edited as their first one.
  const scenario = plan.spec.scenarios[0]!;
  const { load } = scenario;
  const formExecutors: readonly string[] = ['constant-vus', 'ramping-vus', 'constant-arrival-rate', 'ramping-arrival-rate'];
  return {
    ...base,
    name: plan.name,
    executor: formExecutors.includes(load.executor) ? (load.executor as Executor) : base.executor,
    vus: load.executor === 'constant-vus' ? String(load.vus) : base.vus,
    duration: load.executor === 'constant-vus' || load.executor === 'constant-arrival-rate' ? load.duration : base.duration,
    startVUs: load.executor === 'ramping-vus' ? String(load.startVUs) : base.startVUs,
    stages:
      load.executor === 'ramping-vus'
        ? load.stages.map((stage) => newStageRow(stage.duration, String(stage.target)))
        : base.stages,
    rate: load.executor === 'constant-arrival-rate' ? String(load.rate) : base.rate,
    startRate: load.executor === 'ramping-arrival-rate' ? String(load.startRate) : base.startRate,
    timeUnit: load.executor === 'constant-arrival-rate' || load.executor === 'ramping-arrival-rate' ? load.timeUnit : base.timeUnit,
    rateStages:
      load.executor === 'ramping-arrival-rate'
        ? load.stages.map((stage) => newStageRow(stage.duration, String(stage.target)))
        : base.rateStages,
    preAllocatedVUs:
      load.executor === 'constant-arrival-rate' || load.executor === 'ramping-arrival-rate' ? String(load.preAllocatedVUs) : base.preAllocatedVUs,
    maxVUs:
      load.executor === 'constant-arrival-rate' || load.executor === 'ramping-arrival-rate'
        ? load.maxVUs === undefined
          ? ''
          : String(load.maxVUs)
        : base.maxVUs,
    requests: scenario.requests.flatMap((request) =>
      request.protocol === 'http'
        ? [
            newRequestRow({
              name: request.name,
              method: request.method,
              path: request.path,
              body: request.body?.type === 'text' ? request.body.text : request.body?.type === 'json' ? JSON.stringify(request.body.json) : '',
              expectedStatuses: request.expect?.status.join(', ') ?? '',
              weight: String(request.weight),
            }),
          ]
        : [],
    ),
    thresholds: plan.spec.thresholds.flatMap((threshold) =>
      threshold.metric === 'check_rate' || threshold.metric === 'status_share'
        ? []
        : [newThresholdRow({
        metric: threshold.metric,
        stat: threshold.metric === 'latency' ? threshold.stat : 'p95',
        op: threshold.op,
        value: String(threshold.metric === 'error_rate' ? Math.round(threshold.value * 1e8) / 1e6 : threshold.value),
        request: threshold.request ?? '',
      })],
    ),
  };
}
