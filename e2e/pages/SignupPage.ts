import type { Page } from 'playwright-core';

export interface SignupDetails {
  name: string;
  email: string;
  password: string;
  organizationName: string;
}

export class SignupPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/signup');
    await this.page.getByRole('heading', { name: 'Create your account' }).waitFor();
  }

  /** Fills the form, submits it and waits for the dashboard. */
  async signUp(details: SignupDetails): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Your name', { exact: true }).fill(details.name);
    await form.getByLabel('Work email', { exact: true }).fill(details.email);
    await form.getByLabel('Password', { exact: true }).fill(details.password);
    await form.getByLabel('Organization name', { exact: true }).fill(details.organizationName);
    await form.getByRole('button', { name: 'Create account' }).click();
    await this.page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await this.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }

  /** The message shown when sign-up fails, if any. */
  async formError(): Promise<string | null> {
    const alert = this.page.getByTestId('form-error');
    return (await alert.count()) ? alert.innerText() : null;
  }
}
