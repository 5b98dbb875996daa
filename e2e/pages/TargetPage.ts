import type { Locator, Page } from 'playwright-core';

export interface ScrapeSourceSpec {
  name: string;
  url: string;
  /** Ticked presets; the form starts with only `process` ticked. */
  presets?: string[];
  selectors?: string[];
  cpuCores?: number;
  bearer?: string;
}

/** /targets/:id: ownership verification, the settings (name, base URL, headers, variables) and the metric sources. */
export class TargetPage {
  constructor(private readonly page: Page) {}

  async goto(targetId: string): Promise<void> {
    await this.page.goto(`/targets/${targetId}`);
    await this.verification.waitFor();
  }

  /** From the targets list. */
  async open(name: string): Promise<void> {
    await this.page.getByTestId(`target-${name}`).getByRole('link', { name, exact: true }).click();
    await this.verification.waitFor();
  }

  get verification(): Locator {
    return this.page.getByTestId('verification');
  }

  private get form(): Locator {
    return this.page.getByRole('form', { name: 'Edit target' });
  }

  async verificationValue(): Promise<string> {
    return (await this.page.getByTestId('verification-value').innerText()).trim();
  }

  async verified(): Promise<boolean> {
    return (await this.verification.getAttribute('data-verified')) === 'true';
  }

  /** Presses Verify; returns the failure's lines (empty when it worked). */
  async verify(): Promise<string[]> {
    // The answer, not a failure shown from the previous attempt.
    await Promise.all([
      this.page.waitForResponse((response) => response.url().endsWith('/verify') && response.request().method() === 'POST'),
      this.page.getByTestId('verify-target').click(),
    ]);
    await this.page.locator('[data-testid="verification-error"], [data-testid="verification"][data-verified="true"]').first().waitFor({ timeout: 20_000 });
    const error = this.page.getByTestId('verification-error');
    return (await error.count()) ? (await error.locator('li').allInnerTexts()).map((text) => text.trim()) : [];
  }

  /** Whether the page offers a DNS TXT record (not for a host that is an IP address), and the note saying why not. */
  async dnsOffer(): Promise<{ offered: boolean; note: string | null }> {
    const offered = (await this.verification.getByText(/TXT record at/).count()) > 0;
    const note = this.page.getByTestId('no-dns-note');
    return { offered, note: (await note.count()) ? (await note.innerText()).trim() : null };
  }

  /** Presses the value's Copy button; answers the button's text afterwards ("Copied") and its accessible name. */
  async copyValue(): Promise<{ text: string; name: string }> {
    const button = this.page.getByTestId('copy-verification-value');
    await button.click();
    await button.filter({ hasText: 'Copied' }).waitFor();
    return { text: (await button.innerText()).trim(), name: (await button.getAttribute('aria-label')) ?? '' };
  }

  /** Presses "Delete target"; answers the question asked in place (not confirmed yet). */
  async askToDelete(): Promise<string> {
    await this.page.getByTestId('delete-target').click();
    const question = this.page.getByTestId('delete-target-confirm').locator('.confirm__question');
    // Until the target's plans have loaded the question cannot name them (it says "Plans that
    // use it…"): give the list its moment, then read what is asked.
    await question
      .filter({ hasNotText: 'Plans that use it can no longer run' })
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    return (await question.innerText()).trim();
  }

  /** Confirms the question askToDelete() opened and waits for the targets list. */
  async confirmDelete(): Promise<void> {
    await this.page.getByTestId('delete-target-confirm').getByRole('button', { name: 'Delete target' }).click();
    await this.page.waitForURL((url) => url.pathname === '/targets');
  }

  /** Stored names of a kind, as shown (values never are). */
  async stored(kind: 'headers' | 'variables'): Promise<string[]> {
    return this.page
      .locator(`[data-testid^="stored-${kind}-"]`)
      .evaluateAll((items, k) => items.map((item) => (item.getAttribute('data-testid') ?? '').replace(`stored-${k}-`, '')), kind);
  }

  async replace(kind: 'headers' | 'variables', name: string, value: string): Promise<void> {
    const item = this.page.getByTestId(`stored-${kind}-${name}`);
    await item.getByRole('button', { name: 'Replace' }).click();
    await item.getByLabel(`New value for ${name}`).fill(value);
  }

  async remove(kind: 'headers' | 'variables', name: string): Promise<void> {
    await this.page
      .getByTestId(`stored-${kind}-${name}`)
      .getByRole('button', { name: `Remove ${name}` })
      .click();
  }

  async add(kind: 'headers' | 'variables', name: string, value: string): Promise<void> {
    const noun = kind === 'headers' ? 'header' : 'variable';
    await this.form.getByRole('button', { name: `+ Add ${noun}` }).click();
    const row = this.form.getByRole('group', { name: new RegExp(`^${noun} \\d+$`, 'i') }).last();
    await row.getByLabel(kind === 'headers' ? 'Header name' : 'Variable name').fill(name);
    await row.getByLabel('Value').fill(value);
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save target' }).click();
    await this.form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  }

  // --- Metric sources ---

  get sources(): Locator {
    return this.page.getByTestId('metric-sources');
  }

  private get sourceForm(): Locator {
    return this.page.getByRole('form', { name: 'New metric source' });
  }

  /** Opens the form for a kind of source (empty). */
  async openSourceForm(kind: 'scrape' | 'promql'): Promise<void> {
    if (!(await this.sourceForm.count())) await this.page.getByTestId('new-source').click();
    await this.sourceForm.getByLabel('Kind').selectOption(kind);
  }

  /** Opens the form and fills a scrape source (not submitted). */
  async fillScrapeSource(spec: ScrapeSourceSpec): Promise<void> {
    if (!(await this.sourceForm.count())) await this.page.getByTestId('new-source').click();
    const form = this.sourceForm;
    await form.getByLabel('Kind').selectOption('scrape');
    await form.getByLabel('Name', { exact: true }).fill(spec.name);
    await form.getByLabel('Metrics URL').fill(spec.url);
    if (spec.presets) {
      for (const box of await form.getByTestId('source-presets').getByRole('checkbox').all()) {
        const preset = (await box.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
        await box.setChecked(spec.presets.includes(preset));
      }
    }
    await form.getByLabel('Selectors (optional)').fill((spec.selectors ?? []).join('\n'));
    await form.getByLabel('CPU cores (optional)').fill(spec.cpuCores === undefined ? '' : String(spec.cpuCores));
    await form.getByLabel('Credentials').selectOption(spec.bearer ? 'bearer' : 'none');
    if (spec.bearer) await form.getByLabel('Token').fill(spec.bearer);
  }

  /** Presses "Add source" and waits for the API's answer; returns its HTTP status. */
  async submitSource(): Promise<number> {
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => /\/targets\/[^/]+\/sources$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST'),
      this.sourceForm.getByRole('button', { name: 'Add source' }).click(),
    ]);
    return response.status();
  }

  /** The message shown at a field of the source form ("url", "name", "selectors"), or null when none shows within 5 s. */
  async sourceFieldError(path: string): Promise<string | null> {
    const error = this.sourceForm.locator(`#field-source-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}-error`);
    const shown = await error.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    return shown ? (await error.innerText()).trim() : null;
  }

  /** The form's headline error (the API's message), or null. */
  async sourceFormError(): Promise<string | null> {
    const error = this.sourceForm.getByTestId('form-error');
    return (await error.count()) ? (await error.locator('.alert__title').innerText()).trim() : null;
  }

  /** Stored sources as listed: name, kind, URL and the summary line. */
  async listedSources(): Promise<{ name: string; kind: string; url: string; summary: string }[]> {
    await this.sources.waitFor();
    return this.sources.locator('[data-testid^="source-"][data-kind]').evaluateAll((items) =>
      items.map((item) => ({
        name: (item.getAttribute('data-testid') ?? '').replace(/^source-/, ''),
        kind: item.getAttribute('data-kind') ?? '',
        url: item.querySelector('[data-testid="source-url"]')?.textContent?.trim() ?? '',
        summary: item.querySelector('[data-testid="source-summary"]')?.textContent?.trim() ?? '',
      })),
    );
  }

  /** Edits a stored source (fields not given stay as they are, credentials blank: kept); returns the PATCH's HTTP status. */
  async editSource(name: string, change: { name?: string; cpuCores?: number }): Promise<number> {
    await this.sources.getByTestId(`edit-source-${name}`).click();
    const form = this.page.getByRole('form', { name: `Edit metric source ${name}` });
    if (change.name !== undefined) await form.getByLabel('Name', { exact: true }).fill(change.name);
    if (change.cpuCores !== undefined) await form.getByLabel('CPU cores (optional)').fill(String(change.cpuCores));
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => /\/targets\/[^/]+\/sources\/[^/]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PATCH'),
      form.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    if (response.ok()) await form.waitFor({ state: 'detached' });
    return response.status();
  }

  async removeSource(name: string): Promise<void> {
    const item = this.sources.getByTestId(`source-${name}`);
    await item.getByRole('button', { name: `Remove metric source ${name}` }).click();
    await item.getByRole('button', { name: 'Remove source' }).click();
    await item.waitFor({ state: 'detached' });
  }
}
