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
}
