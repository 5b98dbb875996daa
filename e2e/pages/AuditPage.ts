import type { Page } from 'playwright-core';

export class AuditPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/settings/audit');
    await this.page.getByTestId('audit-table').waitFor({ timeout: 15_000 });
  }

  /** The actions of the events listed, newest first. */
  async actions(): Promise<string[]> {
    return this.page.getByTestId('audit-event').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action') ?? ''));
  }

  async filter(action: string): Promise<void> {
    await this.page.getByLabel('Action', { exact: true }).selectOption(action);
    await this.page.waitForFunction(
      (wanted) => {
        const rows = Array.from(document.querySelectorAll('[data-testid="audit-event"]'));
        return rows.length > 0 && rows.every((row) => row.getAttribute('data-action') === wanted);
      },
      action,
      { timeout: 15_000 },
    );
  }
}
