import type { Locator, Page } from 'playwright-core';

export interface RequestSpec {
  name: string;
  method?: string;
  path: string;
  expectedStatuses?: string;
  weight?: number;
  body?: string;
}

export type ThresholdSpec =
  | { metric: 'latency'; stat: string; op: string; value: number; request?: string }
  | { metric: 'error_rate'; op: string; /** percent */ value: number; request?: string }
  | { metric: 'rps'; op: string; value: number; request?: string };

const METRIC_LABELS = { latency: 'Latency', error_rate: 'Error rate', rps: 'Requests / s' } as const;

export class PlanFormPage {
  constructor(private readonly page: Page) {}

  private get form(): Locator {
    return this.page.getByRole('form', { name: 'New test plan' });
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

  async setConstantLoad(vus: number, duration: string): Promise<void> {
    await this.form.getByLabel('Executor', { exact: true }).selectOption('constant-vus');
    await this.form.getByLabel('Virtual users', { exact: true }).fill(String(vus));
    await this.form.getByLabel('Duration', { exact: true }).fill(duration);
  }

  /** Constant arrival rate: `rate` requests per `timeUnit` for `duration`, from a pool of VUs. */
  async setConstantArrivalRate(spec: { rate: number; timeUnit?: string; duration: string; preAllocatedVUs: number; maxVUs?: number }): Promise<void> {
    await this.form.getByLabel('Executor', { exact: true }).selectOption('constant-arrival-rate');
    await this.form.getByLabel('Rate', { exact: true }).fill(String(spec.rate));
    await this.form.getByLabel('Time unit', { exact: true }).fill(spec.timeUnit ?? '1s');
    await this.form.getByLabel('Duration', { exact: true }).fill(spec.duration);
    await this.form.getByLabel('Pre-allocated VUs', { exact: true }).fill(String(spec.preAllocatedVUs));
    await this.form.getByLabel('Max VUs (optional)', { exact: true }).fill(spec.maxVUs === undefined ? '' : String(spec.maxVUs));
  }

  private request(index: number): Locator {
    return this.form.getByRole('group', { name: `Request ${index + 1}` });
  }

  private threshold(index: number): Locator {
    return this.form.getByRole('group', { name: `Threshold ${index + 1}` });
  }

  /** Makes the form have exactly `count` rows of requests. */
  async setRequestCount(count: number): Promise<void> {
    await this.setRowCount('Request', '+ Add request', 'Remove request', count);
  }

  async setThresholdCount(count: number): Promise<void> {
    await this.setRowCount('Threshold', '+ Add threshold', 'Remove threshold', count);
  }

  private async setRowCount(group: string, addLabel: string, removeLabel: string, count: number): Promise<void> {
    const rows = () => this.form.getByRole('group', { name: new RegExp(`^${group} \\d+$`) });
    while ((await rows().count()) < count) await this.form.getByRole('button', { name: addLabel }).click();
    while ((await rows().count()) > count) {
      const last = await rows().count();
      await this.form.getByRole('button', { name: `${removeLabel} ${last}` }).click();
    }
  }

  async setRequest(index: number, spec: RequestSpec): Promise<void> {
    const row = this.request(index);
    await row.getByLabel('Name', { exact: true }).fill(spec.name);
    await row.getByLabel('Method', { exact: true }).selectOption(spec.method ?? 'GET');
    await row.getByLabel('Path', { exact: true }).fill(spec.path);
    await row.getByLabel('Expected statuses', { exact: true }).fill(spec.expectedStatuses ?? '');
    await row.getByLabel('Weight', { exact: true }).fill(String(spec.weight ?? 1));
    if (spec.body !== undefined) await row.getByLabel('Body (optional)').fill(spec.body);
  }

  async setThreshold(index: number, spec: ThresholdSpec): Promise<void> {
    const row = this.threshold(index);
    await row.getByLabel('Metric', { exact: true }).selectOption({ label: METRIC_LABELS[spec.metric] });
    if (spec.metric === 'latency') await row.getByLabel('Statistic', { exact: true }).selectOption(spec.stat);
    await row.getByLabel('Operator', { exact: true }).selectOption(spec.op);
    await row.getByLabel(/^Value \(/).fill(String(spec.value));
    await row.getByLabel('Applies to', { exact: true }).selectOption(spec.request ?? '');
  }

  /** Submits and waits for the new plan's page; returns the plan id. */
  async submit(): Promise<string> {
    await this.form.getByRole('button', { name: 'Create plan' }).click();
    await this.page.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname), { timeout: 15_000 });
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }

  /** Inline messages currently shown, keyed by the input's id (field-<path>). */
  async fieldErrors(): Promise<Record<string, string>> {
    return this.form.locator('.field--invalid').evaluateAll((fields) =>
      Object.fromEntries(
        fields.map((field) => [
          field.querySelector('input,select,textarea')?.id ?? '',
          field.querySelector('.field__error')?.textContent ?? '',
        ]),
      ),
    );
  }
}
