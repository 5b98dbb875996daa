import type { Locator, Page } from 'playwright-core';

export class ApiKeysPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/settings/api-keys');
    await this.page.getByRole('heading', { name: 'Settings' }).waitFor();
  }

  get forbidden(): Locator {
    return this.page.getByTestId('forbidden');
  }

  /** Creates a key and returns its secret as the page shows it (the only time it does). */
  async createKey(options: { name: string; role: string; expires?: string }): Promise<string> {
    const form = this.page.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Name', { exact: true }).fill(options.name);
    await form.getByLabel('Role', { exact: true }).selectOption({ label: options.role });
    if (options.expires) await form.getByLabel('Expires').selectOption({ label: options.expires });
    await form.getByRole('button', { name: 'Create API key' }).click();
    const value = this.page.getByTestId('api-key-secret-value');
    await value.waitFor({ timeout: 15_000 });
    return value.inputValue();
  }

  get secretBox(): Locator {
    return this.page.getByTestId('api-key-secret');
  }

  async dismissSecret(): Promise<void> {
    await this.secretBox.getByRole('button', { name: 'I have stored it' }).click();
    await this.secretBox.waitFor({ state: 'detached' });
  }

  row(name: string): Locator {
    return this.page.getByTestId(`api-key-${name}`);
  }

  async status(name: string): Promise<string> {
    return (await this.row(name).getAttribute('data-status')) ?? '';
  }

  async revoke(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Revoke API key ${name}` })
      .click();
    await this.row(name).getByRole('button', { name: 'Revoke key' }).click();
    await this.page.locator(`[data-testid="api-key-${name}"][data-status="revoked"]`).waitFor({ timeout: 15_000 });
  }
}
