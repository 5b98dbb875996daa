import type { Locator, Page } from 'playwright-core';

/** `/settings/organization`: name, usage, quotas, danger zone. */
export class OrganizationPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/settings/organization');
    await this.page.getByTestId('usage').waitFor({ timeout: 15_000 });
  }

  get quotasForm(): Locator {
    return this.page.getByRole('form', { name: 'Quotas' });
  }

  get deleteForm(): Locator {
    return this.page.getByRole('form', { name: 'Delete organization' });
  }

  /** Sets one quota by its label's start ("Max VUs per run") and saves. */
  async setQuota(label: string, value: number): Promise<void> {
    await this.quotasForm.getByLabel(new RegExp(`^${label}`)).fill(String(value));
    await this.quotasForm.getByRole('button', { name: 'Save quotas' }).click();
    await this.quotasForm.getByText('Quotas saved.').waitFor({ timeout: 15_000 });
  }

  async slug(): Promise<string> {
    return (await this.page.getByTestId('org-slug').innerText()).trim();
  }

  /** Types the slug and deletes; the app lands on the dashboard of another of the user's organizations. */
  async deleteOrganization(): Promise<void> {
    const slug = await this.slug();
    await this.deleteForm.getByLabel(`Type ${slug} to confirm`).fill(slug);
    await this.deleteForm.getByRole('button', { name: 'Delete this organization' }).click();
    await this.page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  }
}
