import type { Locator, Page } from 'playwright-core';

export interface NewTarget {
  name: string;
  baseUrl: string;
  headers?: Record<string, string>;
  /** Secret variables, for plans as {{vars.NAME}}. */
  variables?: Record<string, string>;
}

export class TargetsPage {
  constructor(private readonly page: Page) {}

  private get form(): Locator {
    return this.page.getByRole('form', { name: 'New target' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/targets');
    await this.page.getByRole('heading', { name: 'Targets', exact: true }).waitFor();
  }

  async createTarget(target: NewTarget): Promise<void> {
    const form = this.form;
    await form.getByLabel('Name', { exact: true }).fill(target.name);
    await form.getByLabel('Base URL', { exact: true }).fill(target.baseUrl);
    for (const [index, [name, value]] of Object.entries(target.headers ?? {}).entries()) {
      await form.getByRole('button', { name: '+ Add header' }).click();
      const row = form.getByRole('group', { name: `Header ${index + 1}`, exact: true });
      await row.getByLabel('Header name').fill(name);
      await row.getByLabel('Value').fill(value);
    }
    for (const [index, [name, value]] of Object.entries(target.variables ?? {}).entries()) {
      await form.getByRole('button', { name: '+ Add variable' }).click();
      const row = form.getByRole('group', { name: `Variable ${index + 1}`, exact: true });
      await row.getByLabel('Variable name').fill(name);
      await row.getByLabel('Value').fill(value);
    }
    await form.getByRole('button', { name: 'Create target' }).click();
    await this.page.getByTestId('target-created').waitFor({ timeout: 15_000 });
    await this.listed(target.name).waitFor();
  }

  listed(name: string): Locator {
    return this.page.getByTestId(`target-${name}`);
  }

  /** The chips under a listed target: header names and {{vars.NAME}}. */
  async chips(name: string): Promise<string[]> {
    return (await this.listed(name).locator('.chip').allInnerTexts()).map((text) => text.trim());
  }

  /** Types a base URL into the new-target form (not submitted); answers the duplicate-URL warning shown, or null within 5 s. */
  async typeBaseUrl(baseUrl: string): Promise<string | null> {
    await this.form.getByLabel('Base URL', { exact: true }).fill(baseUrl);
    const warning = this.form.getByTestId('duplicate-url-warning');
    const shown = await warning.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    return shown ? (await warning.innerText()).trim() : null;
  }

  /** The warnings shown with the "created" note (another target has this base URL). */
  async createdWarnings(): Promise<string[]> {
    return (await this.page.getByTestId('target-created-warning').allInnerTexts()).map((text) => text.trim());
  }

  /** The note after a target was deleted (this page is where deleting one lands). */
  async deletedNotice(): Promise<string> {
    return (await this.page.getByTestId('target-deleted').innerText()).trim();
  }
}
