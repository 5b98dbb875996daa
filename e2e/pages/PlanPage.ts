import type { Download, Locator, Page } from 'playwright-core';

export class PlanPage {
  constructor(private readonly page: Page) {}

  async goto(planId: string): Promise<void> {
    await this.page.goto(`/plans/${planId}`);
    await this.page.getByTestId('run-now').waitFor();
  }

  async waitForLoaded(): Promise<void> {
    await this.page.getByTestId('run-now').waitFor();
    await this.page.locator('[data-testid="plan-requests"], [data-testid="script-fold"]').first().waitFor();
  }

  /** Clicks "Run now" (with the run's labels typed first, `commit=ab12 env=staging`) and waits for the run page; returns the run id. */
  async runNow(labels?: string): Promise<string> {
    if (labels !== undefined) await this.page.getByTestId('run-labels').fill(labels);
    await this.page.getByTestId('run-now').click();
    await this.page.waitForURL((url) => url.pathname.startsWith('/runs/'), { timeout: 15_000 });
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }

  /** Chooses the target (environment) the next run goes to, by its name. */
  async chooseRunTarget(name: string): Promise<void> {
    const select = this.page.getByTestId('run-target');
    const value = await select.locator('option', { hasText: name }).first().getAttribute('value');
    await select.selectOption(value!);
  }

  /** Clicks "Run now" expecting a refusal; returns the alert's code and text. */
  async runRefused(): Promise<{ code: string; text: string }> {
    await this.page.getByTestId('run-now').click();
    const alert = this.page.getByTestId('run-start-error');
    await alert.waitFor();
    return { code: (await alert.getAttribute('data-code')) ?? '', text: await alert.innerText() };
  }

  /** Presses "Delete plan"; answers the question asked in place (not confirmed yet). */
  async askToDelete(): Promise<string> {
    await this.page.getByTestId('delete-plan').click();
    return (await this.page.getByTestId('delete-plan-confirm').locator('.confirm__question').innerText()).trim();
  }

  /** Confirms the question askToDelete() opened and waits for the dashboard it lands on. */
  async confirmDelete(): Promise<void> {
    await this.page.getByTestId('delete-plan-confirm').getByRole('button', { name: 'Delete plan' }).click();
    await this.page.getByTestId('dashboard-notice').waitFor();
  }

  async edit(): Promise<void> {
    await this.page.getByTestId('edit-plan').click();
    await this.page.getByRole('form', { name: 'Edit test plan' }).waitFor();
  }

  async scenarioNames(): Promise<string[]> {
    return this.page
      .locator('[data-testid^="plan-scenario-"]')
      .evaluateAll((rows) => rows.map((row) => (row.getAttribute('data-testid') ?? '').replace('plan-scenario-', '')));
  }

  get scriptPreview(): Locator {
    return this.page.getByTestId('script-preview');
  }

  /** The script, unfolded first (a plan's page shows it folded). */
  async scriptText(): Promise<string> {
    const fold = this.page.getByTestId('script-fold');
    await fold.waitFor();
    if ((await fold.getAttribute('open')) === null) await fold.locator('summary').click();
    await this.scriptPreview.waitFor();
    return this.scriptPreview.innerText();
  }

  async downloadScript(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('download-script').click()]);
    return download;
  }

  /** The order of the page's cards, by their titles: the runs come before the script. */
  async cardTitles(): Promise<string[]> {
    return this.page.locator('.card__title').evaluateAll((titles) => titles.map((title) => (title.textContent ?? '').trim()));
  }

  async scriptFolded(): Promise<boolean> {
    return (await this.page.getByTestId('script-fold').getAttribute('open')) === null;
  }

  async notice(): Promise<string> {
    return (await this.page.getByTestId('plan-notice').innerText()).trim();
  }

  /** Versions listed, newest first, with whether each is current. */
  async versions(): Promise<{ version: number; current: boolean }[]> {
    const list = this.page.getByTestId('plan-versions');
    await list.waitFor();
    return list.locator('li').evaluateAll((items) =>
      items.map((item) => ({
        version: Number((item.getAttribute('data-testid') ?? '').replace('plan-version-', '')),
        current: !!item.querySelector('.pill--success'),
      })),
    );
  }

  /** The version diff's lines: the path changed (for the test to pick), its kind, and the words shown. */
  async diffRows(): Promise<{ path: string; kind: string; words: string }[]> {
    const list = this.page.getByTestId('plan-diff').locator('.diff-list');
    await list.waitFor();
    return list.locator('li').evaluateAll((rows) =>
      rows.map((row) => ({
        path: (row.getAttribute('data-testid') ?? '').replace(/^diff-/, ''),
        kind: row.getAttribute('data-kind') ?? '',
        words: row.textContent?.trim() ?? '',
      })),
    );
  }
}
