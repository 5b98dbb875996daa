import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  }

  /** The info line above the form (why the user was sent here), if any. */
  async notice(): Promise<string | null> {
    const notice = this.page.locator('.alert--info');
    return (await notice.count()) ? (await notice.innerText()).trim() : null;
  }

  async logIn(email: string, password: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await this.page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 20_000 });
  }
}
