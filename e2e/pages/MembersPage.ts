import type { Locator, Page } from 'playwright-core';

export class MembersPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/settings/members');
    await this.page.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    await this.page.getByTestId('members-table').waitFor();
  }

  /** Creates an invite link and returns it as shown (once) on the page. */
  async createInvite(options: { role: string; email?: string }): Promise<string> {
    const form = this.page.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Role', { exact: true }).selectOption({ label: options.role });
    if (options.email) await form.getByLabel('Email (optional)').fill(options.email);
    await form.getByRole('button', { name: 'Create invite link' }).click();
    const value = this.page.getByTestId('invite-link-value');
    await value.waitFor({ timeout: 15_000 });
    return value.inputValue();
  }

  member(email: string): Locator {
    return this.page.getByTestId(`member-${email}`);
  }

  async memberRole(email: string): Promise<string> {
    const cell = this.member(email).getByTestId('member-role');
    const tag = await cell.evaluate((element) => element.tagName);
    if (tag === 'SELECT') return cell.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
    return (await cell.innerText()).trim();
  }

  pendingInvites(): Locator {
    return this.page.getByTestId('invite-item');
  }

  /** Picks a role in the member's row and saves it. */
  async changeRole(email: string, role: string): Promise<void> {
    const row = this.member(email);
    await row.getByTestId('member-role').selectOption({ label: role });
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached', timeout: 15_000 });
  }
}
