import { durationToSeconds, type Check, type LoadProfile, type PlanSpec, type PlanStep, type Scenario, type Threshold } from '@loadline/shared';
import { recordToRows } from './kv-rows';
import { startsAfterPrevious } from './timeline';
import { grpcCodeNames } from './to-spec';
import { telemetryFormValue } from './telemetry-threshold';
import {
  newCapture,
  newDataUse,
  newCheck,
  newLoad,
  newScenario,
  newStage,
  newStep,
  newTextRow,
  newThreshold,
  noThink,
  STARTER_SCRIPT,
  type CheckForm,
  type JsonScalarType,
  type LoadForm,
  type PlanForm,
  type ScenarioForm,
  type StepForm,
  type ThinkForm,
  type ThresholdForm,
} from './form-types';

/** A stored plan (or an imported draft) back into the editor's state. */

const text = (value: number | undefined): string => (value === undefined ? '' : String(value));

export function loadToForm(load: LoadProfile): LoadForm {
  const base = newLoad();
  switch (load.executor) {
    case 'constant-vus':
      return { ...base, executor: load.executor, vus: text(load.vus), duration: load.duration };
    case 'ramping-vus':
      return {
        ...base,
        executor: load.executor,
        startVUs: text(load.startVUs),
        vuStages: load.stages.map((stage) => newStage(stage.duration, text(stage.target))),
        gracefulRampDown: load.gracefulRampDown,
      };
    case 'constant-arrival-rate':
      return {
        ...base,
        executor: load.executor,
        rate: text(load.rate),
        timeUnit: load.timeUnit,
        duration: load.duration,
        preAllocatedVUs: text(load.preAllocatedVUs),
        maxVUs: text(load.maxVUs),
      };
    case 'ramping-arrival-rate':
      return {
        ...base,
        executor: load.executor,
        startRate: text(load.startRate),
        timeUnit: load.timeUnit,
        rateStages: load.stages.map((stage) => newStage(stage.duration, text(stage.target))),
        preAllocatedVUs: text(load.preAllocatedVUs),
        maxVUs: text(load.maxVUs),
      };
    case 'per-vu-iterations':
    case 'shared-iterations':
      return { ...base, executor: load.executor, vus: text(load.vus), iterations: text(load.iterations), maxDuration: load.maxDuration };
  }
}

const thinkToForm = (think: { min: string; max: string } | undefined): ThinkForm => (think ? { min: think.min, max: think.max } : noThink());

function scalarType(value: string | number | boolean | null): JsonScalarType {
  return value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
}

export function checkToForm(check: Check): CheckForm {
  switch (check.type) {
    case 'status':
      return newCheck({ type: 'status', value: text(check.equals) });
    case 'bodyContains':
      return newCheck({ type: 'bodyContains', value: check.value });
    case 'jsonPath':
      return newCheck({ type: 'jsonPath', path: check.path, value: check.equals === null ? '' : String(check.equals), equalsType: scalarType(check.equals) });
  }
}

export function stepToForm(step: PlanStep): StepForm {
  const common = { name: step.name, weight: text(step.weight), think: thinkToForm(step.thinkTime) };
  switch (step.protocol) {
    case 'http': {
      const body = step.body;
      return newStep({
        ...common,
        protocol: 'http',
        method: step.method,
        path: step.path,
        query: recordToRows(step.query),
        headers: recordToRows(step.headers),
        bodyKind: body ? body.type : 'none',
        json: body?.type === 'json' ? JSON.stringify(body.json, null, 2) : newStep().json,
        text: body?.type === 'text' ? body.text : '',
        contentType: body?.type === 'text' ? (body.contentType ?? '') : '',
        formFields: body?.type === 'form' ? recordToRows(body.fields) : [],
        expectedStatuses: step.expect?.status.join(', ') ?? '',
        checks: step.checks.map(checkToForm),
        captures: step.captures.map((capture) =>
          capture.from === 'json'
            ? newCapture({ name: capture.name, from: 'json', source: capture.path })
            : capture.from === 'header'
              ? newCapture({ name: capture.name, from: 'header', source: capture.header })
              : newCapture({ name: capture.name, from: 'regex', source: capture.pattern, group: text(capture.group) }),
        ),
      });
    }
    case 'ws':
      return newStep({
        ...common,
        protocol: 'ws',
        path: step.path,
        query: recordToRows(step.query),
        headers: recordToRows(step.headers),
        messages: step.messages.map((message) => newTextRow(message)),
        awaitReply: step.awaitReply,
        replyTimeout: step.replyTimeout,
        holdFor: step.holdFor,
        replyContains: step.checks.map((check) => newTextRow(check.value)),
      });
    case 'grpc':
      return newStep({
        ...common,
        protocol: 'grpc',
        grpcMethod: step.method,
        message: JSON.stringify(step.message, null, 2),
        metadata: recordToRows(step.metadata),
        expectCodes: grpcCodeNames(step.expectCodes),
        timeout: step.timeout,
      });
  }
}

export function scenariosToForm(scenarios: readonly Scenario[]): ScenarioForm[] {
  let previousStart = 0;
  return scenarios.map((scenario, index) => {
    const previous = scenarios[index - 1];
    const afterPrevious = !!previous && startsAfterPrevious(previousStart, previous.load, scenario.startTime);
    previousStart = durationToSeconds(scenario.startTime);
    return newScenario({
      name: scenario.name,
      load: loadToForm(scenario.load),
      startAfterPrevious: afterPrevious,
      startTime: scenario.startTime,
      gracefulStop: scenario.gracefulStop,
      flow: scenario.flow,
      think: thinkToForm(scenario.thinkTime),
      steps: scenario.requests.map(stepToForm),
    });
  });
}

const percent = (fraction: number): string => String(Math.round(fraction * 1e8) / 1e6);

/** Thresholds the form edits: those a custom script's options give are read from the script again at every save. */
export type EditableThreshold = Exclude<Threshold, { metric: 'count' | 'custom' }>;
export const isEditableThreshold = (threshold: Threshold): threshold is EditableThreshold =>
  !threshold.fromScript && threshold.metric !== 'count' && threshold.metric !== 'custom';

export function thresholdToForm(threshold: EditableThreshold): ThresholdForm {
  const scope: Pick<ThresholdForm, 'scopeKind' | 'scopeName'> = threshold.request
    ? { scopeKind: 'request', scopeName: threshold.request }
    : threshold.scenario
      ? { scopeKind: 'scenario', scopeName: threshold.scenario }
      : { scopeKind: 'run', scopeName: '' };
  const timing = {
    windowAfter: threshold.window?.after ?? '',
    windowUntil: threshold.window?.until ?? '',
    stopAfter: threshold.stop?.after ?? '',
    compliancePercent: threshold.compliance ? percent(threshold.compliance.share) : '',
  };
  const base = { op: threshold.op, ...scope, ...timing };
  // A limit relative to the baseline is a share of it, edited as a percentage (1.1 -> 110).
  if (threshold.relativeTo === 'baseline' && (threshold.metric === 'latency' || threshold.metric === 'rps')) {
    return newThreshold({
      ...base,
      metric: threshold.metric,
      ...(threshold.metric === 'latency' ? { stat: threshold.stat } : {}),
      value: percent(threshold.value),
      relative: true,
    });
  }
  switch (threshold.metric) {
    case 'latency':
      return newThreshold({ ...base, metric: 'latency', stat: threshold.stat, value: text(threshold.value) });
    case 'rps':
      return newThreshold({ ...base, metric: 'rps', value: text(threshold.value) });
    case 'status_share':
      return newThreshold({ ...base, metric: 'status_share', status: threshold.status, value: percent(threshold.value) });
    case 'error_rate':
    case 'check_rate':
      return newThreshold({ ...base, metric: threshold.metric, value: percent(threshold.value) });
    case 'telemetry':
      return newThreshold({
        ...base,
        metric: 'telemetry',
        source: threshold.source ?? '',
        figure: threshold.figure,
        stat: threshold.stat ?? 'p95',
        value: telemetryFormValue(threshold.figure, threshold.value),
      });
  }
}

export function specToForm(spec: PlanSpec, name: string, targetId: string): PlanForm {
  const grpcSource = spec.grpc ? (spec.grpc.reflection ? 'reflection' : 'proto') : 'none';
  return {
    name,
    targetId,
    mode: spec.script ? 'script' : 'scenarios',
    scenarios: spec.scenarios.length ? scenariosToForm(spec.scenarios) : [newScenario({ steps: [newStep({ name: 'home' })] })],
    script: spec.script?.source ?? STARTER_SCRIPT,
    thresholds: spec.thresholds.filter(isEditableThreshold).map(thresholdToForm),
    segments: text(spec.segments),
    grpcSource,
    proto: spec.grpc?.proto ?? '',
    data: spec.data.map((use) => newDataUse({ set: use.set, mode: use.mode, whenExhausted: use.whenExhausted })),
  };
}
