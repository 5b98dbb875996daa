import type { Locator, Page } from 'playwright-core';

export interface RequestSpec {
  name: string;
  method?: string;
  path: string;
  expectedStatuses?: string;
  weight?: number;
  /** A JSON body (typed as text). */
  json?: string;
  /** A text body. */
  body?: string;
}

export type ThresholdSpec =
  | {
      metric: 'latency';
      stat: string;
      op: string;
      /** ms, or percent of the baseline when relative */ value: number;
      request?: string;
      scenario?: string;
      relative?: boolean;
    }
  | { metric: 'error_rate' | 'check_rate'; op: string; /** percent */ value: number; request?: string; scenario?: string }
  | { metric: 'rps'; op: string; value: number; request?: string; scenario?: string; relative?: boolean }
  | { metric: 'status_share'; status: string; op: string; /** percent */ value: number; request?: string; scenario?: string }
  | {
      metric: 'telemetry';
      /** The metric source's name; none: every source (backlog growth, restarts). */
      source?: string;
      /** The figure's label in the editor ("Restarts"). */
      figure: string;
      stat?: string;
      op: string;
      /** In the figure's form unit (percent for shares). */ value: number;
    };

const METRIC_LABELS = {
  latency: 'Latency',
  error_rate: 'Error rate',
  rps: 'Requests / s',
  check_rate: 'Check pass rate',
  status_share: 'Share of a status',
  telemetry: "Target's telemetry",
} as const;

/**
 * The plan editor (/plans/new, /plans/:id/edit): scenarios, each with its load and requests,
 * thresholds, a custom script, and the live load chart. Methods without a scenario number
 * act on scenario 1 (plans of one scenario).
 */
export class PlanFormPage {
  constructor(private readonly page: Page) {}

  get form(): Locator {
    return this.page.locator('form[aria-label="New test plan"], form[aria-label="Edit test plan"]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/plans/new');
    await this.form.waitFor();
  }

  /** Name the plan and pick the target whose option starts with `targetName`. */
  async setBasics(name: string, targetName: string): Promise<void> {
    await this.form.getByLabel('Plan name', { exact: true }).fill(name);
    const select = this.form.getByLabel('Target', { exact: true });
    const option = select.locator('option', { hasText: `${targetName} — ` }).first();
    const value = await option.getAttribute('value');
    if (!value) throw new Error(`no target "${targetName}" in the plan form`);
    await select.selectOption(value);
  }

  scenario(n = 1): Locator {
    return this.form.getByRole('group', { name: `Scenario ${n}`, exact: true });
  }

  async scenarioCount(): Promise<number> {
    return this.form.getByRole('group', { name: /^Scenario \d+$/ }).count();
  }

  async addScenario(): Promise<void> {
    await this.form.getByRole('button', { name: '+ Add scenario' }).click();
  }

  async setScenario(
    n: number,
    spec: { name?: string; flow?: 'weighted' | 'sequence'; startAfterPrevious?: boolean; think?: { min: string; max: string } },
  ): Promise<void> {
    const scenario = this.scenario(n);
    if (spec.think) {
      const pause = scenario.getByRole('group', { name: 'Pause at the end of each iteration', exact: true });
      await pause.getByLabel('Min', { exact: true }).fill(spec.think.min);
      await pause.getByLabel('Max', { exact: true }).fill(spec.think.max);
    }
    if (spec.name !== undefined) await scenario.getByLabel('Scenario name', { exact: true }).fill(spec.name);
    if (spec.flow) await scenario.getByLabel('Flow', { exact: true }).selectOption(spec.flow);
    if (spec.startAfterPrevious !== undefined) await scenario.getByLabel('Start after the previous scenario').setChecked(spec.startAfterPrevious);
  }

  async setConstantLoad(vus: number, duration: string, n = 1): Promise<void> {
    const scenario = this.scenario(n);
    await scenario.getByLabel('Executor', { exact: true }).selectOption('constant-vus');
    await scenario.getByLabel('Virtual users', { exact: true }).fill(String(vus));
    await scenario.getByLabel('Duration', { exact: true }).fill(duration);
  }

  /** Ramping VUs from `startVUs` through `stages` (duration, target). */
  async setRampingLoad(startVUs: number, stages: { duration: string; target: number }[], n = 1): Promise<void> {
    const scenario = this.scenario(n);
    await scenario.getByLabel('Executor', { exact: true }).selectOption('ramping-vus');
    await scenario.getByLabel('Start VUs', { exact: true }).fill(String(startVUs));
    const rows = () => scenario.getByRole('group', { name: /^Stage \d+$/ });
    while ((await rows().count()) < stages.length) await scenario.getByRole('button', { name: '+ Add stage' }).click();
    while ((await rows().count()) > stages.length) await scenario.getByRole('button', { name: `Remove stage ${await rows().count()}` }).click();
    for (const [index, stage] of stages.entries()) await this.setStage(n, index + 1, stage);
  }

  async setStage(n: number, stage: number, spec: { duration?: string; target?: number }): Promise<void> {
    const row = this.scenario(n).getByRole('group', { name: `Stage ${stage}`, exact: true });
    if (spec.duration !== undefined) await row.getByLabel('Duration', { exact: true }).fill(spec.duration);
    if (spec.target !== undefined) await row.getByLabel(/^Target/).fill(String(spec.target));
  }

  /** Constant arrival rate: `rate` iterations per `timeUnit` for `duration`, from a pool of VUs. */
  async setConstantArrivalRate(spec: { rate: number; timeUnit?: string; duration: string; preAllocatedVUs: number; maxVUs?: number }, n = 1): Promise<void> {
    const scenario = this.scenario(n);
    await scenario.getByLabel('Executor', { exact: true }).selectOption('constant-arrival-rate');
    await scenario.getByLabel('Rate', { exact: true }).fill(String(spec.rate));
    await scenario.getByLabel('Time unit', { exact: true }).fill(spec.timeUnit ?? '1s');
    await scenario.getByLabel('Duration', { exact: true }).fill(spec.duration);
    await scenario.getByLabel('Pre-allocated VUs', { exact: true }).fill(String(spec.preAllocatedVUs));
    await scenario.getByLabel('Max VUs (optional)', { exact: true }).fill(spec.maxVUs === undefined ? '' : String(spec.maxVUs));
  }

  request(index: number, n = 1): Locator {
    return this.scenario(n).getByRole('group', { name: `Request ${index + 1}`, exact: true });
  }

  private threshold(index: number): Locator {
    return this.form.getByRole('group', { name: `Threshold ${index + 1}`, exact: true });
  }

  /** Makes scenario `n` have exactly `count` requests. */
  async setRequestCount(count: number, n = 1): Promise<void> {
    const scenario = this.scenario(n);
    const rows = () => scenario.getByRole('group', { name: /^Request \d+$/ });
    while ((await rows().count()) < count) await scenario.getByRole('button', { name: /^\+ Add .* request$/ }).click();
    while ((await rows().count()) > count) await scenario.getByRole('button', { name: `Remove request ${await rows().count()}`, exact: true }).click();
  }

  /** Adds a data set to the plan (Test data section): the set, how rows are handed out (its option's label starts with `mode`), and what happens when they run out. */
  async useDataSet(
    set: string,
    mode: 'Unique' | 'Per VU' | 'Sequential' | 'Random',
    whenExhausted?: 'Stop the run' | 'Start over from the first row',
  ): Promise<void> {
    await this.form.getByRole('button', { name: '+ Use a data set' }).click();
    const row = this.form.getByRole('group', { name: /^Data set \d+$/ }).last();
    const setSelect = row.getByLabel('Data set', { exact: true });
    const option = setSelect.locator('option', { hasText: new RegExp(`^${set} \\(`) });
    await option.waitFor({ state: 'attached' });
    await setSelect.selectOption({ label: (await option.innerText()).trim() });
    const modes = row.getByLabel('Rows handed out', { exact: true });
    const modeOption = modes.locator('option', { hasText: new RegExp(`^${mode}:`) });
    await modes.selectOption({ label: (await modeOption.innerText()).trim() });
    if (whenExhausted) await row.getByLabel('When rows run out', { exact: true }).selectOption({ label: whenExhausted });
  }

  async setThresholdCount(count: number): Promise<void> {
    const rows = () => this.form.getByRole('group', { name: /^Threshold \d+$/ });
    while ((await rows().count()) < count) await this.form.getByRole('button', { name: '+ Add threshold' }).click();
    while ((await rows().count()) > count) await this.form.getByRole('button', { name: `Remove threshold ${await rows().count()}` }).click();
  }

  async setRequest(index: number, spec: RequestSpec, n = 1): Promise<void> {
    const row = this.request(index, n);
    await row.getByLabel('Name', { exact: true }).fill(spec.name);
    await row.getByLabel('Method', { exact: true }).selectOption(spec.method ?? 'GET');
    await row.getByLabel('Path', { exact: true }).fill(spec.path);
    await row.getByLabel('Expected statuses', { exact: true }).fill(spec.expectedStatuses ?? '');
    const weight = row.getByLabel('Weight', { exact: true });
    if (await weight.count()) await weight.fill(String(spec.weight ?? 1));
    if (spec.json !== undefined) {
      await row.getByLabel('Body', { exact: true }).selectOption('json');
      await row.getByLabel('JSON body', { exact: true }).fill(spec.json);
    }
    if (spec.body !== undefined) {
      await row.getByLabel('Body', { exact: true }).selectOption('text');
      await row.getByLabel('Text body', { exact: true }).fill(spec.body);
    }
  }

  async addHeader(index: number, name: string, value: string, n = 1): Promise<void> {
    const row = this.request(index, n);
    await row.getByRole('button', { name: '+ Header', exact: true }).click();
    const header = row.getByRole('group', { name: /^Headers \d+$/ }).last();
    await header.getByLabel('Header name').fill(name);
    await header.getByLabel('Value').fill(value);
  }

  async addStatusCheck(index: number, status: number, n = 1): Promise<void> {
    const row = this.request(index, n);
    await row.getByRole('button', { name: '+ Check', exact: true }).click();
    const check = row.getByRole('group', { name: /^Check \d+$/ }).last();
    await check.getByLabel('Check', { exact: true }).selectOption('status');
    await check.getByLabel('Status', { exact: true }).fill(String(status));
  }

  async addJsonCapture(index: number, name: string, path: string, n = 1): Promise<void> {
    const row = this.request(index, n);
    await row.getByRole('button', { name: '+ Capture', exact: true }).click();
    const capture = row.getByRole('group', { name: /^Capture \d+$/ }).last();
    await capture.getByLabel('Capture as', { exact: true }).fill(name);
    await capture.getByLabel('From', { exact: true }).selectOption('json');
    await capture.getByLabel('JSON path', { exact: true }).fill(path);
  }

  /** The {{…}} names the editor offers at a request. */
  async templateNames(index: number, n = 1): Promise<string[]> {
    return (await this.request(index, n).locator('.template-hint code').allInnerTexts()).map((text) => text.trim());
  }

  async setThreshold(index: number, spec: ThresholdSpec): Promise<void> {
    const row = this.threshold(index);
    await row.getByLabel('Metric', { exact: true }).selectOption({ label: METRIC_LABELS[spec.metric] });
    if (spec.metric === 'telemetry') {
      // A source's figure: no scope, no stop rule, no baseline.
      await row.getByLabel('Metric source', { exact: true }).fill(spec.source ?? '');
      await row.getByLabel('Figure', { exact: true }).selectOption({ label: spec.figure });
      if (spec.stat) await row.getByLabel('Statistic', { exact: true }).selectOption(spec.stat);
      await row.getByLabel('Operator', { exact: true }).selectOption(spec.op);
      await row.getByLabel(/^Value \(/).fill(String(spec.value));
      return;
    }
    if (spec.metric === 'latency') await row.getByLabel('Statistic', { exact: true }).selectOption(spec.stat);
    if (spec.metric === 'status_share') await row.getByLabel('Status', { exact: true }).fill(spec.status);
    await row.getByLabel('Operator', { exact: true }).selectOption(spec.op);
    if ((spec.metric === 'latency' || spec.metric === 'rps') && spec.relative) await row.getByLabel('Relative to the baseline', { exact: true }).check();
    await row.getByLabel(/^Value \(/).fill(String(spec.value));
    const scope = spec.request ? `request:${spec.request}` : spec.scenario ? `scenario:${spec.scenario}` : '';
    await row.getByLabel('Applies to', { exact: true }).selectOption(scope);
  }

  // --- the live load chart ---

  get loadProfile(): Locator {
    return this.page.getByTestId('load-profile');
  }

  async chartFigures(): Promise<{ peakVus: string; duration: string; points: number }> {
    return {
      peakVus: (await this.page.getByTestId('plan-peak-vus').innerText()).trim(),
      duration: (await this.page.getByTestId('plan-duration').innerText()).trim(),
      points: Number((await this.page.getByTestId('load-chart').getAttribute('data-points')) ?? '0'),
    };
  }

  /** A picture of the chart's canvas, to tell whether it was redrawn. */
  async chartImage(): Promise<Buffer> {
    return this.page.getByTestId('load-chart').locator('canvas').first().screenshot();
  }

  /** Chart line labels, from its legend. */
  async chartLines(): Promise<string[]> {
    return (await this.page.getByTestId('load-chart').locator('.chart__key').allInnerTexts()).map((text) => text.trim());
  }

  // --- custom script ---

  async useScript(source: string): Promise<void> {
    await this.form.getByLabel('A custom k6 script').check();
    await this.form.getByLabel('Script', { exact: true }).fill(source);
  }

  async checkScript(): Promise<string> {
    await this.page.getByTestId('check-script').click();
    const result = this.page.getByTestId('script-check-result').locator('.alert');
    await result.first().waitFor({ timeout: 60_000 });
    return (await result.first().innerText()).trim();
  }

  /** Line numbers marked as k6's error in the editor's gutter. */
  async markedLines(): Promise<number[]> {
    return (await this.form.locator('.code-editor__line--error').allInnerTexts()).map(Number);
  }

  /** "1 runner online, 1 free" beside "Runners (segments)" (from GET /runners); waits until it shows. */
  async runnerAvailability(): Promise<string> {
    const line = this.form.getByTestId('runner-availability');
    await line.waitFor();
    return (await line.innerText()).trim();
  }

  async setSegments(segments: number): Promise<void> {
    await this.form.getByLabel('Runners (segments)', { exact: true }).fill(String(segments));
  }

  /** The notes under the segments field, as their kinds: over-ceiling, over-online, too-few-vus, rate-split. */
  async segmentsNotes(): Promise<string[]> {
    return this.form
      .getByTestId('segments-notes')
      .locator('li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind') ?? ''));
  }

  /** Submits and waits for the plan's page; returns the plan id. */
  async submit(): Promise<string> {
    await this.page.getByTestId('save-plan').click();
    await this.page.waitForURL((url) => /^\/plans\/(?!new$|import$)[^/]+$/.test(url.pathname), { timeout: 60_000 });
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }

  /** Inline messages currently shown, keyed by the input's id (field-<path>). */
  async fieldErrors(): Promise<Record<string, string>> {
    return this.form
      .locator('.field--invalid')
      .evaluateAll((fields) =>
        Object.fromEntries(
          fields.map((field) => [field.querySelector('input,select,textarea')?.id ?? '', field.querySelector('.field__error')?.textContent ?? '']),
        ),
      );
  }
}
