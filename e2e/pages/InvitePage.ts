import type { Page } from 'playwright-core';

export interface InvitePreview {
  organization: string;
  role: string;
}

/** `/invite/:token`: the invite's preview, and signing up or logging in through it. */
export class InvitePage {
  constructor(private readonly page: Page) {}

  /** Opens an invite link as the API gave it (an absolute URL on the stack under test). */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.locator('[data-testid="invite-preview"], [data-testid="invite-dead"]').first().waitFor();
  }

  async preview(): Promise<InvitePreview> {
    const facts = this.page.getByTestId('invite-preview');
    const value = async (term: string) =>
      (
        await facts
          .locator('div', { has: this.page.locator('dt', { hasText: term }) })
          .locator('dd')
          .innerText()
      ).trim();
    return { organization: await value('Organization'), role: await value('Your role') };
  }

  /** The reason shown for a link that cannot be used, or null. */
  async deadReason(): Promise<string | null> {
    const dead = this.page.getByTestId('invite-dead');
    return (await dead.count()) ? (await dead.locator('.alert__title').innerText()).trim() : null;
  }

  async chooseCreateAccount(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create account', exact: true }).click();
  }

  /**
   * "Create account", fill the form (no organization field), submit, wait for the dashboard.
   * An invite that names an address shows it read-only (the account gets it): it must be that one.
   */
  async signUp(details: { name: string; email: string; password: string }): Promise<void> {
    await this.chooseCreateAccount();
    const form = this.page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Your name', { exact: true }).fill(details.name);
    const email = form.getByLabel('Work email', { exact: true });
    if (await email.isEditable()) await email.fill(details.email);
    else if ((await email.inputValue()) !== details.email) throw new Error(`the invite is for ${await email.inputValue()}, not ${details.email}`);
    await form.getByLabel('Password', { exact: true }).fill(details.password);
    if (await form.getByLabel('Organization name').count()) throw new Error('the invite sign-up form asks for an organization');
    await form.getByRole('button', { name: 'Create account' }).click();
    await this.page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await this.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }

  /** "I have an account: log in and accept", then log in; waits for the dashboard of the organization joined. */
  async logInAndAccept(email: string, password: string): Promise<void> {
    await this.page.getByRole('button', { name: 'I have an account: log in and accept' }).click();
    const form = this.page.getByRole('form', { name: 'Log in to accept' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Log in and accept' }).click();
    await this.page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await this.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }
}
