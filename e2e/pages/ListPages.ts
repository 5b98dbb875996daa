import type { Page } from 'playwright-core';

/** `/runs`: every run of the organization with filters (status, verdict, label, target, plan, days). */
export class RunsListPage {
  constructor(private readonly page: Page) {}

  /** Opens the list from the navigation, as a user would. */
  async openFromNav(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs', exact: true }).click();
    await this.page.getByRole('heading', { name: 'Runs', exact: true }).waitFor();
  }

  async filterByVerdict(verdict: string): Promise<void> {
    await this.page.getByTestId('runs-filter-verdict').selectOption(verdict);
    await this.page.waitForURL((url) => (url.searchParams.get('verdict') ?? '') === verdict);
  }

  async filterByLabel(label: string): Promise<void> {
    await this.page.getByTestId('runs-filter-label').fill(label);
    await this.page.getByTestId('runs-filter-label-apply').click();
    await this.page.waitForURL((url) => url.searchParams.get('label') === label);
  }

  /** The inline error under the label filter ('' when none). */
  async labelError(): Promise<string> {
    const error = this.page.getByRole('form', { name: 'Filter runs' }).locator('.field__error');
    return (await error.count()) ? (await error.innerText()).trim() : '';
  }

  /** Ids of the runs listed, top to bottom (waits for the list, or for "no run matches"). */
  async runIds(): Promise<string[]> {
    // Not busy: the list shown is the one of the filters now applied, not the previous one kept meanwhile.
    await this.page.locator('[data-testid="runs-results"][aria-busy="false"]').waitFor();
    return this.page
      .locator('[data-testid="runs-table"] tbody tr')
      .evaluateAll((rows) => rows.map((row) => (row.getAttribute('data-testid') ?? '').replace(/^run-row-/, '')));
  }
  /**
   * The runs listed once the list settles on `expected` (or the last list read after 10 s):
   * a list that just changed filters can show for a moment what it showed before.
   */
  async runIdsSettled(expected: readonly string[]): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ids = await this.runIds();
      if (JSON.stringify(ids) === JSON.stringify(expected) || Date.now() > deadline) return ids;
      await this.page.waitForTimeout(200);
    }
  }
}

/** `/plans`: the organization's plans by target and name. */
export class PlansListPage {
  constructor(private readonly page: Page) {}

  async openFromNav(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans', exact: true }).click();
    await this.page.getByRole('heading', { name: 'Plans', exact: true }).waitFor();
  }

  async searchName(text: string): Promise<void> {
    await this.page.getByTestId('plans-filter-name').fill(text);
    await this.page.getByTestId('plans-filter-name').press('Enter');
    await this.page.waitForURL((url) => url.searchParams.get('q') === text);
  }

  async planNames(): Promise<string[]> {
    await this.page.locator('[data-testid="plans-results"][aria-busy="false"]').waitFor();
    await this.page.locator('[data-testid="plans-table"], [data-testid="plans-results"] .state').first().waitFor();
    return (await this.page.locator('[data-testid="plans-table"] tbody th').allInnerTexts()).map((text) => text.trim());
  }

  /** The plans listed once the list settles on `expected` (or the last list read after 10 s), as runIdsSettled. */
  async planNamesSettled(expected: readonly string[]): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const names = await this.planNames();
      if (JSON.stringify(names) === JSON.stringify(expected) || Date.now() > deadline) return names;
      await this.page.waitForTimeout(200);
    }
  }
}
