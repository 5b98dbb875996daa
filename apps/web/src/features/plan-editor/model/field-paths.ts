import type { PlanForm, StepForm } from './form-types';

/**
 * Every field the editor renders, by its path, in document order: where focus goes on the
 * first error, and which errors a field shows inline (the rest go to the summary at the top).
 * Mirrors the components: a field is listed when it is on screen.
 */
export function checkValuePath(type: 'status' | 'bodyContains' | 'jsonPath'): 'equals' | 'value' {
  return type === 'bodyContains' ? 'value' : 'equals';
}

export function captureSourcePath(from: 'json' | 'header' | 'regex'): 'path' | 'header' | 'pattern' {
  return from === 'json' ? 'path' : from === 'header' ? 'header' : 'pattern';
}

const rows = (at: string, count: number) => Array.from({ length: count }, (_, i) => [`${at}.${i}.key`, `${at}.${i}.value`]).flat();
const think = (at: string) => [`${at}.thinkTime.min`, `${at}.thinkTime.max`];

export function stepFieldPaths(step: StepForm, at: string, weighted: boolean): string[] {
  const head = [`${at}.name`, ...(weighted ? [`${at}.weight`] : [])];
  switch (step.protocol) {
    case 'http': {
      const body =
        step.bodyKind === 'json'
          ? [`${at}.body.json`]
          : step.bodyKind === 'text'
            ? [`${at}.body.contentType`, `${at}.body.text`]
            : step.bodyKind === 'form'
              ? rows(`${at}.body.fields`, step.formFields.length)
              : [];
      return [
        ...head,
        `${at}.method`,
        `${at}.path`,
        `${at}.expect`,
        ...rows(`${at}.query`, step.query.length),
        ...rows(`${at}.headers`, step.headers.length),
        `${at}.body.kind`,
        ...body,
        ...step.checks.flatMap((check, c) => [
          `${at}.checks.${c}.type`,
          ...(check.type === 'jsonPath' ? [`${at}.checks.${c}.path`, `${at}.checks.${c}.equalsType`] : []),
          ...(check.type === 'jsonPath' && check.equalsType === 'null' ? [] : [`${at}.checks.${c}.${checkValuePath(check.type)}`]),
        ]),
        ...step.captures.flatMap((capture, c) => [
          `${at}.captures.${c}.name`,
          `${at}.captures.${c}.from`,
          `${at}.captures.${c}.${captureSourcePath(capture.from)}`,
          ...(capture.from === 'regex' ? [`${at}.captures.${c}.group`] : []),
        ]),
        ...think(at),
      ];
    }
    case 'ws':
      return [
        ...head,
        `${at}.path`,
        ...rows(`${at}.query`, step.query.length),
        ...rows(`${at}.headers`, step.headers.length),
        ...step.messages.map((_, m) => `${at}.messages.${m}`),
        `${at}.awaitReply`,
        `${at}.replyTimeout`,
        `${at}.holdFor`,
        ...step.replyContains.map((_, c) => `${at}.checks.${c}.value`),
        ...think(at),
      ];
    case 'grpc':
      return [...head, `${at}.method`, `${at}.message`, ...rows(`${at}.metadata`, step.metadata.length), `${at}.expectCodes`, `${at}.timeout`, ...think(at)];
  }
}

const LOAD_FIELDS: Record<string, string[]> = {
  'constant-vus': ['vus', 'duration'],
  'ramping-vus': ['startVUs', '#stages', 'gracefulRampDown'],
  'constant-arrival-rate': ['rate', 'timeUnit', 'duration', 'preAllocatedVUs', 'maxVUs'],
  'ramping-arrival-rate': ['startRate', 'timeUnit', '#stages', 'preAllocatedVUs', 'maxVUs'],
  'per-vu-iterations': ['vus', 'iterations', 'maxDuration'],
  'shared-iterations': ['vus', 'iterations', 'maxDuration'],
};

export function planFieldPaths(form: PlanForm): string[] {
  const head = ['name', 'targetId', 'mode'];
  const thresholds = form.thresholds.flatMap((threshold, t) => {
    const at = `thresholds.${t}`;
    return [
      `${at}.metric`,
      ...(threshold.metric === 'latency' ? [`${at}.stat`] : []),
      ...(threshold.metric === 'status_share' ? [`${at}.status`] : []),
      ...(threshold.metric === 'telemetry' ? [`${at}.source`, `${at}.figure`, `${at}.stat`] : []),
      `${at}.op`,
      `${at}.value`,
      `${at}.scope`,
      `${at}.scopeName`,
      `${at}.window.after`,
      `${at}.window.until`,
      `${at}.stop.after`,
    ];
  });
  const data = form.data.flatMap((use, i) => [`data.${i}.set`, `data.${i}.mode`, ...(use.mode === 'unique' ? [`data.${i}.whenExhausted`] : [])]);
  const tail = [...data, ...thresholds, 'segments'];
  if (form.mode === 'script') return [...head, 'script.source', ...tail];
  const scenarios = form.scenarios.flatMap((scenario, s) => {
    const at = `scenarios.${s}`;
    const load = scenario.load;
    const stageCount = load.executor === 'ramping-vus' ? load.vuStages.length : load.rateStages.length;
    const loadPaths = (LOAD_FIELDS[load.executor] ?? []).flatMap((field) =>
      field === '#stages'
        ? [`${at}.load.stages`, ...Array.from({ length: stageCount }, (_, i) => [`${at}.load.stages.${i}.duration`, `${at}.load.stages.${i}.target`]).flat()]
        : [`${at}.load.${field}`],
    );
    return [
      `${at}.name`,
      `${at}.load.executor`,
      ...loadPaths,
      ...(s > 0 ? [`${at}.startAfterPrevious`] : []),
      `${at}.startTime`,
      `${at}.gracefulStop`,
      `${at}.flow`,
      ...think(at),
      `${at}.requests`,
      ...scenario.steps.flatMap((step, r) => stepFieldPaths(step, `${at}.requests.${r}`, scenario.flow === 'weighted')),
    ];
  });
  const usesGrpc = form.grpcSource !== 'none' || form.scenarios.some((scenario) => scenario.steps.some((step) => step.protocol === 'grpc'));
  return [...head, 'scenarios', ...scenarios, ...(usesGrpc ? ['grpc', ...(form.grpcSource === 'proto' ? ['grpc.proto'] : [])] : []), ...tail];
}
