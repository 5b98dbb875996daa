import type { Locator, Page } from 'playwright-core';

export interface NewTarget {
  name: string;
  baseUrl: string;
  headers?: Record<string, string>;
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
    const headers = Object.entries(target.headers ?? {});
    for (const [index, [name, value]] of headers.entries()) {
      await form.getByRole('button', { name: '+ Add header' }).click();
      const row = form.getByRole('group', { name: `Header ${index + 1}` });
      await row.getByLabel('Header name').fill(name);
      await row.getByLabel('Value').fill(value);
    }
    await form.getByRole('button', { name: 'Create target' }).click();
    await this.page.getByTestId('target-created').waitFor({ timeout: 15_000 });
    await this.listed(target.name).waitFor();
  }

  listed(name: string): Locator {
    return this.page.getByTestId(`target-${name}`);
  }
}
