import { GRPC_STATUS_CODES } from '@loadline/shared';
import { rowsToRecord } from './kv-rows';
import { scenarioTimings, startTimeText } from './timeline';
import { loadToInput, numberReader, type Errors, type Input, type NumberReader } from './load-input';
import type { CheckForm, PlanForm, ScenarioForm, StepForm, ThinkForm, ThresholdForm } from './form-types';
import { isSecondFigure, telemetrySpecValue } from './telemetry-threshold';

/**
 * The editor's state as the contract's plan input (what POST /plans and PATCH take), plus
 * the problems found while reading what was typed (a number that is not one, JSON that does
 * not parse), at the same paths the schema and the API use ("scenarios.0.requests.1.weight").
 */

/** Both blank: none; one blank: a fixed pause of the other. */
export function thinkToInput(think: ThinkForm): { min: string; max: string } | undefined {
  const min = think.min.trim();
  const max = think.max.trim();
  if (!min && !max) return undefined;
  return { min: min || max, max: max || min };
}

/** "200, 204 ,404" -> [200, 204, 404]; blank -> undefined. */
export function parseStatusList(text: string): { statuses?: number[]; error?: string } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.some((part) => !/^\d{3}$/.test(part))) return { error: 'use three-digit status codes separated by commas, e.g. 200, 204' };
  return { statuses: [...new Set(parts.map(Number))] };
}

const GRPC_NAMES = Object.keys(GRPC_STATUS_CODES) as (keyof typeof GRPC_STATUS_CODES)[];

/** "OK, NOT_FOUND" or "0, 5" -> [0, 5]. */
export function parseGrpcCodes(text: string): { codes?: number[]; error?: string } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return { error: 'name at least one status, e.g. OK' };
  const codes: number[] = [];
  for (const part of parts) {
    const named = GRPC_NAMES.find((name) => name === part.toUpperCase());
    const code = named !== undefined ? GRPC_STATUS_CODES[named] : /^\d{1,2}$/.test(part) ? Number(part) : Number.NaN;
    if (!(code >= 0 && code <= 16)) return { error: `"${part}" is not a gRPC status (OK, NOT_FOUND, UNAVAILABLE… or 0–16)` };
    if (!codes.includes(code)) codes.push(code);
  }
  return { codes };
}

export function grpcCodeNames(codes: readonly number[]): string {
  return codes.map((code) => GRPC_NAMES.find((name) => GRPC_STATUS_CODES[name] === code) ?? String(code)).join(', ');
}

/** JSON text -> value; the message says where it broke. */
export function parseJson(text: string): { value?: unknown; error?: string } {
  if (!text.trim()) return { error: 'Enter JSON' };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `not valid JSON: ${error instanceof Error ? error.message.replace(/^JSON\.parse: /, '') : 'cannot read it'}` };
  }
}

export function checkToInput(check: CheckForm, at: string, read: NumberReader, errors: Errors): Input {
  switch (check.type) {
    case 'status':
      return { type: 'status', equals: read(`${at}.equals`, check.value) };
    case 'bodyContains':
      return { type: 'bodyContains', value: check.value };
    case 'jsonPath': {
      let equals: unknown = check.value;
      if (check.equalsType === 'number') equals = read(`${at}.equals`, check.value);
      if (check.equalsType === 'null') equals = null;
      if (check.equalsType === 'boolean') {
        const text = check.value.trim().toLowerCase();
        if (text !== 'true' && text !== 'false') errors[`${at}.equals`] = 'Enter true or false';
        equals = text === 'true';
      }
      return { type: 'jsonPath', path: check.path.trim(), equals };
    }
  }
}

function httpBody(step: StepForm, at: string, errors: Errors): Input | undefined {
  switch (step.bodyKind) {
    case 'none':
      return undefined;
    case 'json': {
      const { value, error } = parseJson(step.json);
      if (error) errors[`${at}.body.json`] = error;
      return { type: 'json', json: value ?? null };
    }
    case 'text':
      return { type: 'text', text: step.text, ...(step.contentType.trim() ? { contentType: step.contentType.trim() } : {}) };
    case 'form':
      return { type: 'form', fields: rowsToRecord(step.formFields, `${at}.body.fields`, errors, { what: 'field name' }) };
  }
}

export function stepToInput(step: StepForm, at: string, read: NumberReader, errors: Errors): Input {
  const think = thinkToInput(step.think);
  const common = { name: step.name.trim(), weight: read(`${at}.weight`, step.weight), ...(think ? { thinkTime: think } : {}) };
  switch (step.protocol) {
    case 'http': {
      const body = httpBody(step, at, errors);
      const { statuses, error } = parseStatusList(step.expectedStatuses);
      if (error) errors[`${at}.expect`] = error;
      return {
        ...common,
        protocol: 'http',
        method: step.method,
        path: step.path.trim(),
        query: rowsToRecord(step.query, `${at}.query`, errors, { what: 'parameter name' }),
        headers: rowsToRecord(step.headers, `${at}.headers`, errors, { caseInsensitive: true, what: 'header name' }),
        ...(body ? { body } : {}),
        ...(statuses ? { expect: { status: statuses } } : {}),
        checks: step.checks.map((check, c) => checkToInput(check, `${at}.checks.${c}`, read, errors)),
        captures: step.captures.map((capture, c) => {
          const name = capture.name.trim();
          const source = capture.from === 'regex' ? capture.source : capture.source.trim();
          if (capture.from === 'json') return { name, from: 'json', path: source };
          if (capture.from === 'header') return { name, from: 'header', header: source };
          return { name, from: 'regex', pattern: source, group: read(`${at}.captures.${c}.group`, capture.group) };
        }),
      };
    }
    case 'ws':
      return {
        ...common,
        protocol: 'ws',
        path: step.path.trim(),
        query: rowsToRecord(step.query, `${at}.query`, errors, { what: 'parameter name' }),
        headers: rowsToRecord(step.headers, `${at}.headers`, errors, { caseInsensitive: true, what: 'header name' }),
        messages: step.messages.map((row) => row.text),
        awaitReply: step.awaitReply,
        replyTimeout: step.replyTimeout.trim(),
        holdFor: step.holdFor.trim(),
        checks: step.replyContains.map((row) => ({ type: 'replyContains', value: row.text })),
      };
    case 'grpc': {
      const { value, error } = parseJson(step.message);
      if (error) errors[`${at}.message`] = error;
      else if (!value || typeof value !== 'object' || Array.isArray(value)) errors[`${at}.message`] = 'Enter a JSON object, such as {"id": 1}';
      const codes = parseGrpcCodes(step.expectCodes);
      if (codes.error) errors[`${at}.expectCodes`] = codes.error;
      return {
        ...common,
        protocol: 'grpc',
        method: step.grpcMethod.trim(),
        message: value && typeof value === 'object' && !Array.isArray(value) ? value : {},
        metadata: rowsToRecord(step.metadata, `${at}.metadata`, errors, { what: 'metadata key' }),
        expectCodes: codes.codes ?? [],
        timeout: step.timeout.trim(),
      };
    }
  }
}

export function scenarioToInput(scenario: ScenarioForm, startTime: string, at: string, read: NumberReader, errors: Errors): Input {
  const think = thinkToInput(scenario.think);
  return {
    name: scenario.name.trim(),
    load: loadToInput(scenario.load, read, `${at}.load`),
    startTime,
    gracefulStop: scenario.gracefulStop.trim(),
    flow: scenario.flow,
    requests: scenario.steps.map((step, r) => stepToInput(step, `${at}.requests.${r}`, read, errors)),
    ...(think ? { thinkTime: think } : {}),
  };
}

const PERCENT_METRICS = new Set(['error_rate', 'check_rate', 'status_share']);
export const isPercentMetric = (metric: ThresholdForm['metric']): boolean => PERCENT_METRICS.has(metric);

/** Whether the form's threshold is judged as a share of its baseline's figure (latency and RPS only). */
export const isRelativeThreshold = (threshold: ThresholdForm): boolean => threshold.relative && (threshold.metric === 'latency' || threshold.metric === 'rps');

/** A telemetry threshold: a source's figure (a statistic of its seconds, or a figure of the run), judged when the run ends. */
function telemetryThresholdToInput(threshold: ThresholdForm, at: string, read: NumberReader): Input {
  const source = threshold.source.trim();
  const after = threshold.windowAfter.trim();
  const until = threshold.windowUntil.trim();
  const perSecond = isSecondFigure(threshold.figure);
  return {
    metric: 'telemetry',
    ...(source ? { source } : {}),
    figure: threshold.figure,
    ...(perSecond ? { stat: threshold.stat } : {}),
    op: threshold.op,
    value: telemetrySpecValue(threshold.figure, read(`${at}.value`, threshold.value)),
    ...(perSecond && (after || until) ? { window: { ...(after ? { after } : {}), ...(until ? { until } : {}) } } : {}),
  };
}

export function thresholdToInput(threshold: ThresholdForm, at: string, read: NumberReader, errors: Errors): Input {
  if (threshold.metric === 'telemetry') return telemetryThresholdToInput(threshold, at, read);
  const path = `${at}.value`;
  let value = read(path, threshold.value);
  const relative = isRelativeThreshold(threshold);
  if (relative) {
    // Typed as a percentage of the baseline (110), sent as a share of it (1.1).
    value = Math.round(value * 1e6) / 1e8;
  } else if (isPercentMetric(threshold.metric)) {
    if (Number.isFinite(value) && (value < 0 || value > 100) && !(path in errors)) errors[path] = 'Enter a percentage between 0 and 100';
    // Typed as a percentage, sent as a fraction; rounding keeps 1 % = 0.01 exactly.
    value = Math.round(value * 1e6) / 1e8;
  }
  const name = threshold.scopeName.trim();
  const scope = threshold.scopeKind === 'request' ? { request: name } : threshold.scopeKind === 'scenario' ? { scenario: name } : {};
  const after = threshold.windowAfter.trim();
  const until = threshold.windowUntil.trim();
  const stopAfter = threshold.stopAfter.trim();
  const compliance = threshold.compliancePercent.trim() ? read(`${at}.compliance.share`, threshold.compliancePercent) : null;
  return {
    metric: threshold.metric,
    ...(threshold.metric === 'latency' ? { stat: threshold.stat } : {}),
    ...(threshold.metric === 'status_share' ? { status: threshold.status.trim() } : {}),
    op: threshold.op,
    value,
    ...(relative ? { relativeTo: 'baseline' } : {}),
    ...scope,
    ...(after || until ? { window: { ...(after ? { after } : {}), ...(until ? { until } : {}) } } : {}),
    ...(stopAfter ? { stop: { after: stopAfter } } : {}),
    // Typed as a percentage of seconds (99), sent as a share (0.99).
    ...(compliance !== null ? { compliance: { share: Math.round(compliance * 1e6) / 1e8 } } : {}),
  };
}

/** The whole plan as POST /plans takes it (name and target included). */
export function planToInput(form: PlanForm): { input: Input; errors: Errors } {
  const errors: Errors = {};
  const read = numberReader(errors);
  const common = {
    name: form.name.trim(),
    targetId: form.targetId,
    thresholds: form.thresholds.map((threshold, t) => thresholdToInput(threshold, `thresholds.${t}`, read, errors)),
    segments: read('segments', form.segments),
    // A row whose set is not chosen yet is left out.
    data: form.data.filter((use) => use.set).map((use) => ({ set: use.set, mode: use.mode, whenExhausted: use.whenExhausted })),
  };
  if (form.mode === 'script') return { input: { ...common, script: { source: form.script } }, errors };
  const timings = scenarioTimings(form.scenarios);
  const scenarios = form.scenarios.map((scenario, s) => {
    if (scenario.startAfterPrevious && s > 0 && timings[s]?.start === null) {
      errors[`scenarios.${s}.startTime`] = 'fix the previous scenario’s load first: its end is this start';
    }
    return scenarioToInput(scenario, startTimeText(scenario, timings[s]), `scenarios.${s}`, read, errors);
  });
  const grpc = form.grpcSource === 'reflection' ? { reflection: true } : form.grpcSource === 'proto' ? { proto: form.proto, reflection: false } : undefined;
  return { input: { ...common, scenarios, ...(grpc ? { grpc } : {}) }, errors };
}
