import type { Locator, Page } from 'playwright-core';

/** /plans/import: a document in, a draft and a target out, then the editor. */
export class ImportPage {
  constructor(private readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Import' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/plans/import');
    await this.form.waitFor();
  }

  async read(format: 'curl' | 'openapi' | 'har', content: string): Promise<void> {
    await this.form.getByRole('radio', { name: format === 'curl' ? 'curl commands' : format === 'har' ? 'HAR recording' : /OpenAPI/ }).check();
    await this.form.getByLabel(format === 'curl' ? 'curl commands (one or more)' : 'Document').fill(content);
    await this.page.getByTestId('import-submit').click();
    await this.page.locator('[data-testid="import-result"], [data-testid="import-error"]').first().waitFor();
  }

  async requests(): Promise<string[]> {
    return (await this.page.getByTestId('import-requests').locator('li').allInnerTexts()).map((text) => text.trim());
  }

  async error(): Promise<string> {
    return this.page.getByTestId('import-error').innerText();
  }

  /** Uses the existing target pre-selected for the draft and opens the editor. */
  async openWithExistingTarget(): Promise<void> {
    await this.page.getByTestId('import-open').click();
    await this.page.getByRole('form', { name: 'New test plan' }).waitFor();
  }

  async selectedTargetLabel(): Promise<string> {
    const select = this.page.getByLabel('Existing target', { exact: true });
    return select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
  }
}
