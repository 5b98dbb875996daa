import type { DataUseMode, Executor, HTTP_METHODS, LatencyStat, TelemetryFigure, ThresholdOp } from '@loadline/shared';

/**
 * The plan editor's state: what the user typed (strings, comma lists, JSON text), one object
 * per scenario, request, check and threshold. `to-spec.ts` turns it into the contract's
 * CreatePlanInput and `from-spec.ts` turns a stored plan back into it. Rows carry an `id` so
 * React keeps inputs stable while rows are added and removed.
 */
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type StepProtocol = 'http' | 'ws' | 'grpc';
export type Flow = 'weighted' | 'sequence';
export type PlanMode = 'scenarios' | 'script';

let nextId = 1;
export const rowId = (): number => nextId++;

export interface KvRow {
  id: number;
  key: string;
  value: string;
}

export interface StageForm {
  id: number;
  duration: string;
  target: string;
}

/** Every executor's fields, so switching executors keeps what was typed. */
export interface LoadForm {
  executor: Executor;
  vus: string;
  duration: string;
  startVUs: string;
  vuStages: StageForm[];
  gracefulRampDown: string;
  rate: string;
  startRate: string;
  timeUnit: string;
  rateStages: StageForm[];
  preAllocatedVUs: string;
  /** Blank = preAllocatedVUs (k6's default). */
  maxVUs: string;
  iterations: string;
  maxDuration: string;
}

/** Both blank = no think time. */
export interface ThinkForm {
  min: string;
  max: string;
}

export type JsonScalarType = 'string' | 'number' | 'boolean' | 'null';

export interface CheckForm {
  id: number;
  type: 'status' | 'bodyContains' | 'jsonPath';
  /** status: the code; bodyContains: the text; jsonPath: the expected value. */
  value: string;
  path: string;
  equalsType: JsonScalarType;
}

export interface CaptureForm {
  id: number;
  name: string;
  from: 'json' | 'header' | 'regex';
  /** json: the path; header: the header name; regex: the pattern. */
  source: string;
  group: string;
}

export type BodyKind = 'none' | 'json' | 'text' | 'form';

export interface TextRow {
  id: number;
  text: string;
}

/** One request of a scenario; the fields of the other protocols are kept but not sent. */
export interface StepForm {
  id: number;
  protocol: StepProtocol;
  name: string;
  weight: string;
  think: ThinkForm;
  // HTTP and WebSocket
  path: string;
  query: KvRow[];
  headers: KvRow[];
  // HTTP
  method: HttpMethod;
  bodyKind: BodyKind;
  json: string;
  text: string;
  contentType: string;
  formFields: KvRow[];
  /** "200, 204"; blank = k6's default (2xx/3xx). */
  expectedStatuses: string;
  checks: CheckForm[];
  captures: CaptureForm[];
  // WebSocket
  messages: TextRow[];
  awaitReply: boolean;
  replyTimeout: string;
  holdFor: string;
  replyContains: TextRow[];
  // gRPC
  grpcMethod: string;
  message: string;
  metadata: KvRow[];
  /** "OK, NOT_FOUND" or codes. */
  expectCodes: string;
  timeout: string;
}

export interface ScenarioForm {
  id: number;
  name: string;
  load: LoadForm;
  /** Start when the previous scenario's profile ends (startTime is computed). */
  startAfterPrevious: boolean;
  startTime: string;
  gracefulStop: string;
  flow: Flow;
  think: ThinkForm;
  steps: StepForm[];
}

export type ThresholdMetric = 'latency' | 'error_rate' | 'rps' | 'check_rate' | 'status_share' | 'telemetry';
export type ScopeKind = 'run' | 'request' | 'scenario';

export interface ThresholdForm {
  id: number;
  metric: ThresholdMetric;
  stat: LatencyStat;
  /** status_share: "429", "5xx", "grpc:RESOURCE_EXHAUSTED". */
  status: string;
  /** telemetry: the metric source's name ("" : every source, for figures that add up) and its figure; `stat` for per-second figures. */
  source: string;
  figure: TelemetryFigure;
  op: ThresholdOp;
  /** ms for latency, percent for rates and shares, req/s for RPS; a telemetry figure's form unit (TELEMETRY_FIGURE_FORM). */
  value: string;
  scopeKind: ScopeKind;
  scopeName: string;
  /** k6 durations from the load's start; empty: no bound. Judge only after a warm-up, or until a cool-down. */
  windowAfter: string;
  windowUntil: string;
  /** k6 duration; empty: the threshold never stops the run. */
  stopAfter: string;
  /** Percent of seconds that must meet the limit (latency, error rate, status share); empty: judged on the whole run. */
  compliancePercent: string;
  /** Latency and RPS: `value` is a percentage of the same figure in the run's baseline (110: at most 10 % above it). */
  relative: boolean;
}

export type GrpcSource = 'none' | 'reflection' | 'proto';

/** One data set the plan uses (docs/plans.md#plans-that-use-data-sets); `set` '' until one is chosen. */
export interface DataUseForm {
  id: number;
  set: string;
  mode: DataUseMode;
  whenExhausted: 'stop' | 'wrap';
}

export const newDataUse = (values: Partial<DataUseForm> = {}): DataUseForm => ({ id: rowId(), set: '', mode: 'unique', whenExhausted: 'stop', ...values });

export interface PlanForm {
  name: string;
  targetId: string;
  mode: PlanMode;
  scenarios: ScenarioForm[];
  script: string;
  thresholds: ThresholdForm[];
  segments: string;
  grpcSource: GrpcSource;
  proto: string;
  data: DataUseForm[];
}

export const newKvRow = (key = '', value = ''): KvRow => ({ id: rowId(), key, value });
export const newTextRow = (text = ''): TextRow => ({ id: rowId(), text });
export const newStage = (duration = '30s', target = '10'): StageForm => ({ id: rowId(), duration, target });

export function newLoad(patch: Partial<LoadForm> = {}): LoadForm {
  return {
    executor: 'constant-vus',
    vus: '10',
    duration: '1m',
    startVUs: '0',
    vuStages: [newStage('30s', '10'), newStage('1m', '10')],
    gracefulRampDown: '10s',
    rate: '50',
    startRate: '0',
    timeUnit: '1s',
    rateStages: [newStage('30s', '50'), newStage('1m', '50')],
    preAllocatedVUs: '10',
    maxVUs: '',
    iterations: '100',
    maxDuration: '10m',
    ...patch,
  };
}

export const noThink = (): ThinkForm => ({ min: '', max: '' });

export function newCheck(patch: Partial<Omit<CheckForm, 'id'>> = {}): CheckForm {
  return { id: rowId(), type: 'status', value: '200', path: '', equalsType: 'string', ...patch };
}

export function newCapture(patch: Partial<Omit<CaptureForm, 'id'>> = {}): CaptureForm {
  return { id: rowId(), name: '', from: 'json', source: '', group: '1', ...patch };
}

export function newStep(patch: Partial<Omit<StepForm, 'id'>> = {}): StepForm {
  return {
    id: rowId(),
    protocol: 'http',
    name: '',
    weight: '1',
    think: noThink(),
    path: '/',
    query: [],
    headers: [],
    method: 'GET',
    bodyKind: 'none',
    json: '{\n  \n}',
    text: '',
    contentType: '',
    formFields: [],
    expectedStatuses: '',
    checks: [],
    captures: [],
    messages: [],
    awaitReply: true,
    replyTimeout: '5s',
    holdFor: '0s',
    replyContains: [],
    grpcMethod: '',
    message: '{}',
    metadata: [],
    expectCodes: 'OK',
    timeout: '10s',
    ...patch,
  };
}

export function newScenario(patch: Partial<Omit<ScenarioForm, 'id'>> = {}): ScenarioForm {
  return {
    id: rowId(),
    name: 'default',
    load: newLoad(),
    startAfterPrevious: false,
    startTime: '0s',
    gracefulStop: '30s',
    flow: 'weighted',
    think: noThink(),
    steps: [],
    ...patch,
  };
}

export function newThreshold(patch: Partial<Omit<ThresholdForm, 'id'>> = {}): ThresholdForm {
  return {
    id: rowId(),
    metric: 'latency',
    stat: 'p95',
    status: '5xx',
    source: '',
    figure: 'cpu',
    op: '<',
    value: '500',
    scopeKind: 'run',
    scopeName: '',
    windowAfter: '',
    windowUntil: '',
    stopAfter: '',
    compliancePercent: '',
    relative: false,
    ...patch,
  };
}

/** A step of the protocol the target speaks, with a first name that is not taken yet. */
export function defaultStep(protocol: StepProtocol, name: string): StepForm {
  switch (protocol) {
    case 'http':
      return newStep({ name, path: '/' });
    case 'ws':
      return newStep({ protocol: 'ws', name, path: '/', messages: [newTextRow('ping')] });
    case 'grpc':
      return newStep({ protocol: 'grpc', name, grpcMethod: 'package.Service/Method', message: '{}' });
  }
}

export function initialPlanForm(targetId = '', protocol: StepProtocol = 'http'): PlanForm {
  return {
    name: '',
    targetId,
    mode: 'scenarios',
    scenarios: [newScenario({ steps: [defaultStep(protocol, protocol === 'http' ? 'home' : protocol === 'ws' ? 'echo' : 'call')] })],
    script: STARTER_SCRIPT,
    thresholds: [newThreshold(), newThreshold({ metric: 'error_rate', value: '1' })],
    segments: '1',
    grpcSource: protocol === 'grpc' ? 'reflection' : 'none',
    proto: '',
    data: [],
  };
}

/** What a custom script starts from: reads the target the way generated scripts do. */
export const STARTER_SCRIPT = `import http from 'k6/http';
import { check, sleep } from 'k6';

// Loadline passes the target: LOADLINE_BASE_URL, LOADLINE_HEADERS (JSON), LOADLINE_VARS (JSON).
const BASE_URL = __ENV.LOADLINE_BASE_URL;
const HEADERS = JSON.parse(__ENV.LOADLINE_HEADERS || '{}');
const VARS = JSON.parse(__ENV.LOADLINE_VARS || '{}');

export const options = {
  scenarios: {
    default: { executor: 'constant-vus', vus: 5, duration: '30s' },
  },
};

export default function () {
  const res = http.get(\`\${BASE_URL}/\`, { headers: HEADERS, tags: { name: 'home' } });
  check(res, { 'home: status 200': (r) => r.status === 200 });
  sleep(1);
}
`;
