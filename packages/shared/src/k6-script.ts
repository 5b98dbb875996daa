import type { LoadProfile } from './plan-load.js';
import type { PlanStep } from './plan-steps.js';
import type { PlanSpec, Scenario } from './plan.js';
import { HTTP_RUNTIME, REQUEST_RUNTIME } from './k6-script-runtime.js';
import { recorderImports, recorderRuntime } from './k6-script-recorder.js';
import { WS_RUNTIME, wsStepData } from './k6-script-ws.js';
import { GRPC_PROTO_FILE, GRPC_RUNTIME, grpcMode, grpcStepData } from './k6-script-grpc.js';
import { dataRuntime } from './k6-script-data.js';
import { dataEnvName, dataFileName } from './data-slices.js';

/**
 * Environment variables the generated script reads. The script itself carries no target
 * address or secret, so it can be shown and exported as is; the runner passes these to k6
 * (and nothing else from its own environment).
 */
export const SCRIPT_ENV = {
  baseUrl: 'LOADLINE_BASE_URL',
  headers: 'LOADLINE_HEADERS',
  /** The target's secret variables, as JSON ({{vars.NAME}} in plans). */
  variables: 'LOADLINE_VARS',
} as const;

export interface ScriptMetadata {
  planName: string;
  planVersion?: number;
  /**
   * The script is for Loadline's runner, whose k6 build has k6/x/loadline: response sizes and
   * WebSocket requests are recorded through it (k6-script-recorder.ts). Without it the script
   * runs on any k6 (the one a user downloads), unless the plan uses data sets, which need the
   * build anyway.
   */
  runner?: boolean;
}

/** The k6 executor options of a load profile. */
export function executorOptions(load: LoadProfile): Record<string, unknown> {
  switch (load.executor) {
    case 'constant-vus':
      return { executor: 'constant-vus', vus: load.vus, duration: load.duration };
    case 'ramping-vus':
      return { executor: 'ramping-vus', startVUs: load.startVUs, stages: load.stages, gracefulRampDown: load.gracefulRampDown };
    case 'constant-arrival-rate':
      return {
        executor: 'constant-arrival-rate',
        rate: load.rate,
        timeUnit: load.timeUnit,
        duration: load.duration,
        preAllocatedVUs: load.preAllocatedVUs,
        maxVUs: load.maxVUs ?? load.preAllocatedVUs,
      };
    case 'ramping-arrival-rate':
      return {
        executor: 'ramping-arrival-rate',
        startRate: load.startRate,
        timeUnit: load.timeUnit,
        stages: load.stages,
        preAllocatedVUs: load.preAllocatedVUs,
        maxVUs: load.maxVUs ?? load.preAllocatedVUs,
      };
    case 'per-vu-iterations':
    case 'shared-iterations':
      return { executor: load.executor, vus: load.vus, iterations: load.iterations, maxDuration: load.maxDuration };
  }
}

/** The exported function k6 calls for scenario `index`. */
const execName = (index: number) => `scenario${index}`;

/** k6 scenario options, keyed by scenario name (the scenario tag of every request). */
export function scenarioOptions(spec: PlanSpec): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    spec.scenarios.map((scenario, index) => [
      scenario.name,
      {
        ...executorOptions(scenario.load),
        exec: execName(index),
        ...(scenario.startTime !== '0s' ? { startTime: scenario.startTime } : {}),
        ...(scenario.gracefulStop !== '30s' ? { gracefulStop: scenario.gracefulStop } : {}),
      },
    ]),
  );
}

/**
 * Requests are picked from a fixed rotation in which each request appears `weight` times.
 * Indexing it by the scenario's global iteration number gives the asked mix exactly over a
 * run (across VUs and segments), with no random draw on the hot path.
 */
function rotation(scenario: Scenario): number[] {
  return scenario.requests.flatMap((request, index) => Array.from({ length: request.weight }, () => index));
}

/** The data of a step as the runtime reads it. */
function stepData(step: PlanStep): Record<string, unknown> {
  if (step.protocol === 'ws') return wsStepData(step);
  if (step.protocol === 'grpc') return grpcStepData(step);
  const readsBody = step.checks.some((rule) => rule.type !== 'status') || step.captures.some((capture) => capture.from !== 'header');
  return {
    protocol: step.protocol,
    name: step.name,
    method: step.method,
    path: step.path,
    query: step.query,
    headers: step.headers,
    body: step.body ?? null,
    expect: step.expect ?? null,
    checks: step.checks,
    captures: step.captures,
    readsBody,
    thinkTime: step.thinkTime ?? null,
  };
}

/** The protocols a plan's requests speak. */
export function planProtocols(spec: PlanSpec): Set<PlanStep['protocol']> {
  return new Set(spec.scenarios.flatMap((scenario) => scenario.requests.map((step) => step.protocol)));
}

/**
 * Files the script reads from its own directory, by name: the plan's .proto when gRPC
 * requests use it (k6 loads protos from files only). The runner writes them beside
 * script.js; an exported script needs them there too.
 */
export function scriptFiles(spec: PlanSpec): Record<string, string> {
  if (!planProtocols(spec).has('grpc')) return {};
  const { proto } = grpcMode(spec);
  return proto === null ? {} : { [GRPC_PROTO_FILE]: proto };
}

/** The dispatch from a step to its protocol's runner, for the protocols the plan uses. */
function stepRunner(protocols: Set<PlanStep['protocol']>): string {
  const branches = [
    ...(protocols.has('ws') ? ["if (step.protocol === 'ws') runWs(step);"] : []),
    ...(protocols.has('grpc') ? ["if (step.protocol === 'grpc') runGrpc(step);"] : []),
  ];
  return [...branches, 'runHttp(step);'].join('\n  else ');
}

/** Where the data module of a plan with data sets comes from: a stock k6 does not have it. */
const DATA_MODULE_NOTE =
  "// and with Loadline's k6 build, which has k6/x/loadline-data (bash scripts/ensure-k6.sh builds it as .tools/bin/k6) and k6/x/loadline\n";

/** A script made for the runner: it records through k6/x/loadline, which a stock k6 does not have. */
const RUNNER_BUILD_NOTE =
  "// with Loadline's k6 build, which has k6/x/loadline (bash scripts/ensure-k6.sh builds it as .tools/bin/k6); GET /plans/:id/script gives the script for any k6\n";

/**
 * The k6 script for a plan: a pure function of the spec, so the preview, the export and
 * what the runner executes are the same text, but for how figures k6 does not emit per
 * request are recorded (`meta.runner`, k6-script-recorder.ts). Values are embedded with JSON.stringify,
 * which yields valid JavaScript literals for any string a user writes.
 */
export function generateK6Script(spec: PlanSpec, meta: ScriptMetadata): string {
  // A custom script runs exactly as written (its error lines stay the user's); the runner adds
  // Loadline's output, the address policy and the target's environment.
  if (spec.script) return spec.script.source;
  const options = {
    scenarios: scenarioOptions(spec),
    // Bodies are read off the wire (and timed) but not kept in JS memory, unless a check or
    // capture needs one (that request asks for it).
    discardResponseBodies: true,
    userAgent: 'Loadline (k6)',
    summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  };
  const scenarios = spec.scenarios.map((scenario) => ({
    name: scenario.name,
    flow: scenario.flow,
    rotation: rotation(scenario),
    thinkTime: scenario.thinkTime ?? null,
    steps: scenario.requests.map(stepData),
  }));
  const version = meta.planVersion !== undefined ? ` v${meta.planVersion}` : '';
  const protocols = planProtocols(spec);
  const timed = protocols.has('ws') || protocols.has('grpc');
  const grpc = protocols.has('grpc') ? grpcMode(spec) : null;
  const files = Object.keys(scriptFiles(spec));
  const recorder = { native: meta.runner === true || spec.data.length > 0, timed };
  const imports = [
    "import http from 'k6/http';",
    "import exec from 'k6/execution';",
    "import { check, sleep } from 'k6';",
    ...recorderImports(recorder),
    ...(protocols.has('ws') ? ["import ws from 'k6/ws';"] : []),
    ...(grpc ? ["import grpc from 'k6/net/grpc';"] : []),
    ...(spec.data.length ? ["import * as loadlineData from 'k6/x/loadline-data';"] : []),
  ].join('\n');
  const runtimes = [
    HTTP_RUNTIME,
    recorderRuntime(recorder),
    ...(timed ? [REQUEST_RUNTIME] : []),
    ...(protocols.has('ws') ? [WS_RUNTIME] : []),
    ...(grpc ? [`\nconst GRPC = ${JSON.stringify({ reflect: grpc.reflect, proto: grpc.proto === null ? null : GRPC_PROTO_FILE })};\n${GRPC_RUNTIME}`] : []),
    dataRuntime(spec),
  ].join('');
  // A plan with data sets picks each iteration's rows first (k6-script-data.ts).
  const pick = (index: number) => (spec.data.length ? `pickData(${index});\n  ` : '');
  const exports = spec.scenarios
    .map((scenario, index) => `export function ${execName(index)}() {\n  ${pick(index)}iterate(SCENARIOS[${index}]);\n}`)
    .join('\n\n');

  return `// Generated by Loadline from plan ${JSON.stringify(meta.planName)}${version}.
// Run it locally with:
//   ${SCRIPT_ENV.baseUrl}=https://your-service ${SCRIPT_ENV.headers}='{}' ${SCRIPT_ENV.variables}='{}' k6 run script.js
${files.map((file) => `// with the plan's ${file} beside it (k6 loads it from the working directory)\n`).join('')}${spec.data
    .map((use) => `// with data set ${use.set}'s rows in ${dataFileName(use.set)} beside it, or at ${dataEnvName(use.set)}=path (docs/plans.md)\n`)
    .join('')}${spec.data.length ? DATA_MODULE_NOTE : recorder.native ? RUNNER_BUILD_NOTE : ''}${imports}

const BASE_URL = (__ENV.${SCRIPT_ENV.baseUrl} || '').replace(/\\/+$/, '');
if (!BASE_URL) {
  throw new Error('${SCRIPT_ENV.baseUrl} is not set: the base URL of the target');
}
const DEFAULT_HEADERS = JSON.parse(__ENV.${SCRIPT_ENV.headers} || '{}');
const VARS = JSON.parse(__ENV.${SCRIPT_ENV.variables} || '{}');

export const options = ${JSON.stringify(options, null, 2)};

const SCENARIOS = ${JSON.stringify(scenarios, null, 2)};
${runtimes}
function runStep(step) {
  ${stepRunner(protocols)}
  think(step.thinkTime);
}

function iterate(scenario) {
  if (scenario.flow === 'sequence') {
    for (const step of scenario.steps) runStep(step);
  } else {
    runStep(scenario.steps[scenario.rotation[exec.scenario.iterationInTest % scenario.rotation.length]]);
  }
  think(scenario.thinkTime);
}

${exports}
`;
}
