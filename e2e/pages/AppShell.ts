import type { Locator, Page } from 'playwright-core';

/** The signed-in frame: main nav and the organization switcher in the top bar. */
export class AppShell {
  constructor(private readonly page: Page) {}

  get switcher(): Locator {
    return this.page.getByTestId('org-switcher');
  }

  async currentOrganization(): Promise<string> {
    return (await this.page.getByTestId('current-org').innerText()).trim();
  }

  async currentRole(): Promise<string> {
    return (await this.page.getByTestId('current-role').innerText()).trim();
  }

  /** The labels of the main navigation. */
  async navLabels(): Promise<string[]> {
    return (await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).map((text) => text.trim());
  }

  async openSwitcher(): Promise<Locator> {
    if ((await this.switcher.getAttribute('aria-expanded')) !== 'true') await this.switcher.click();
    const panel = this.page.getByRole('region', { name: 'Organizations' });
    await panel.waitFor();
    return panel;
  }

  /** Names of the organizations the switcher lists. */
  async organizations(): Promise<string[]> {
    const panel = await this.openSwitcher();
    const names = await panel.locator('.org-switcher__item-name').allInnerTexts();
    return names.map((name) => name.trim());
  }

  async switchTo(name: string): Promise<void> {
    const panel = await this.openSwitcher();
    await panel.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}\\b`) }).click();
    await this.waitForOrganization(name);
  }

  async createOrganization(name: string): Promise<void> {
    const panel = await this.openSwitcher();
    await panel.getByRole('button', { name: '+ Create organization' }).click();
    const form = panel.getByRole('form', { name: 'Create organization' });
    await form.getByLabel('New organization name').fill(name);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await this.waitForOrganization(name);
  }

  async waitForOrganization(name: string): Promise<void> {
    await this.page.getByTestId('current-org').filter({ hasText: name }).waitFor({ timeout: 15_000 });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
