import type { Locator, Page } from 'playwright-core';

/** /targets/:id: ownership verification and the settings (name, base URL, headers, variables). */
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
}
