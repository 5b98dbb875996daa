import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiKeysPage } from '../pages/ApiKeysPage.js';
import { AppShell } from '../pages/AppShell.js';
import { AuditPage } from '../pages/AuditPage.js';
import { InvitePage } from '../pages/InvitePage.js';
import { MembersPage } from '../pages/MembersPage.js';
import { OrganizationPage } from '../pages/OrganizationPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { SignupPage } from '../pages/SignupPage.js';
import { waitForApi } from '../support/api.js';
import { PHONE, newContext, screenshot, openBrowserTab, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL } from '../support/env.js';
import { startLoopbackTarget } from '../support/loopback-target.js';
import { apiCall, createInviteViaApi, createPlanViaApi, createTargetViaApi, revokeInviteViaApi, signUpViaApi } from '../support/setup.js';

/**
 * Accounts and tenancy through the browser: an owner signs up and invites a member by link;
 * the member signs up through the link into the owner's organization and sees no admin
 * controls; the owner creates an API key (secret shown once) and revokes it, reads all of it
 * in the audit log, and creates and switches between organizations.
 */
describe('accounts and tenancy', { timeout: 180_000 }, () => {
  let tab: BrowserTab;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let memberContext: BrowserContext | undefined;
  let owner: Page;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    tab = await openBrowserTab(pageErrors, { errorLabel: 'owner' });
    ({ browser, context: ownerContext, page: owner } = tab);
  });

  after(async () => {
    await memberContext?.close();
    await tab?.close();
  });

  it('invites a member by link, keeps admin controls from them, manages an API key, logs it all, switches organizations', async (t) => {
    const stamp = uniqueStamp();
    const orgName = `Acme ${stamp}`;
    const memberEmail = `member-${stamp}@example.test`;
    let current: Page = owner;
    try {
      // The owner signs up; the password rule speaks while they type.
      const signup = new SignupPage(owner);
      await signup.goto();
      const form = owner.getByRole('form', { name: 'Create your account' });
      await form.getByLabel('Password', { exact: true }).fill('password123');
      // The estimator (zxcvbn-ts and its dictionaries) loads with the page; then it names the weakness.
      const strength = owner.getByTestId('password-strength').filter({ hasText: /Too weak/ });
      await strength.waitFor();
      assert.match(await strength.innerText(), /Too weak: password is too easy to guess: this is (similar to )?a commonly used password/);
      await screenshot(owner, '20-signup-weak-password');
      await signup.signUp({ name: 'Olivia Owner', email: `owner-${stamp}@example.test`, password: 'correct horse battery staple', organizationName: orgName });
      const ownerShell = new AppShell(owner);
      assert.equal(await ownerShell.currentOrganization(), orgName);
      assert.equal(await ownerShell.currentRole(), 'Owner');
      // The session is a cookie the page's script cannot read; only the CSRF token is readable.
      const cookies = await ownerContext.cookies();
      assert.equal(cookies.find((cookie) => cookie.name === 'loadline_session')?.httpOnly, true, 'the session cookie is HttpOnly');
      assert.ok(!(await owner.evaluate(() => document.cookie)).includes('loadline_session'), 'document.cookie has no session token');
      assert.equal(await owner.evaluate(() => localStorage.length), 0, 'nothing is kept in localStorage');

      // An invite for a MEMBER, created on the Members page; the link is shown once.
      const members = new MembersPage(owner);
      await members.goto();
      const link = await members.createInvite({ role: 'Member', email: memberEmail });
      t.diagnostic(`invite link ${link.replace(/lli_.+$/, 'lli_…')}`);
      assert.equal(new URL(link).origin, new URL(BASE_URL).origin, 'the link points at this web app');
      assert.match(new URL(link).pathname, /^\/invite\/lli_/);
      await screenshot(owner, '21-members-invite-link');

      // A fresh browser opens the link and signs up through it.
      memberContext = await newContext(browser);
      const member = await memberContext.newPage();
      member.on('pageerror', (error) => pageErrors.push(`member: ${error.message}`));
      current = member;
      const invite = new InvitePage(member);
      await invite.open(link);
      assert.deepEqual(await invite.preview(), { organization: orgName, role: 'Member' });
      await screenshot(member, '22-invite-preview');
      await invite.signUp({ name: 'Max Member', email: memberEmail, password: 'another long passphrase here' });
      const memberShell = new AppShell(member);
      assert.equal(await memberShell.currentOrganization(), orgName, "the member lands in the owner's organization");
      assert.equal(await memberShell.currentRole(), 'Member');
      assert.deepEqual(await memberShell.organizations(), [orgName], 'and in no organization of their own');
      await member.keyboard.press('Escape');

      // No admin controls for a member: no API keys or audit log in settings, a plain refusal by URL.
      await member.goto('/settings/members');
      const settingsNav = member.getByRole('navigation', { name: 'Settings' });
      await settingsNav.waitFor();
      const sections = (await settingsNav.getByRole('link').allInnerTexts()).map((text) => text.trim());
      assert.ok(!sections.includes('API keys') && !sections.includes('Audit log'), `member sees settings sections ${sections.join(', ')}`);
      await member.getByTestId('members-table').waitFor();
      assert.equal(await member.getByRole('form', { name: 'Invite someone' }).count(), 0, 'no invite form for a member');
      assert.equal(await member.getByTestId('members-table').locator('select').count(), 0, 'no role selects for a member');
      await screenshot(member, '23-member-settings');
      const memberKeys = new ApiKeysPage(member);
      await memberKeys.goto();
      await memberKeys.forbidden.waitFor();
      assert.match(await memberKeys.forbidden.innerText(), /You need the Admin role or higher to manage API keys/);
      await screenshot(member, '24-member-api-keys-forbidden');
      await member.goto('/targets');
      await member.getByTestId('targets-read-only').waitFor();

      // The used link now says why it cannot be used again.
      await invite.open(link);
      assert.equal(await invite.deadReason(), 'This invite has already been used');
      await screenshot(member, '25-invite-used');
      current = owner;

      // The owner sees the new member with their role.
      await members.goto();
      await members.member(memberEmail).waitFor();
      assert.equal(await members.memberRole(memberEmail), 'Member');
      await members.changeRole(memberEmail, 'Viewer');
      assert.equal(await members.memberRole(memberEmail), 'Viewer');

      // An API key: the secret is shown once, works, is revoked, stops working.
      const keys = new ApiKeysPage(owner);
      await keys.goto();
      const secret = await keys.createKey({ name: 'ci', role: 'Member' });
      assert.match(secret, /^llk_/);
      assert.match(await keys.secretBox.innerText(), /You will not see this again/);
      await screenshot(owner, '26-api-key-secret');
      assert.equal((await apiCall('GET', '/me', secret)).status, 200, 'the new key authenticates');
      await keys.dismissSecret();
      assert.equal(await owner.getByText(secret).count(), 0, 'the secret is gone from the page');
      assert.equal(await keys.status('ci'), 'active');
      await keys.revoke('ci');
      assert.equal(await keys.status('ci'), 'revoked');
      assert.equal((await apiCall('GET', '/me', secret)).status, 401, 'the revoked key is refused');
      await screenshot(owner, '27-api-key-revoked');

      // The audit log has all of it.
      const audit = new AuditPage(owner);
      await audit.goto();
      const actions = await audit.actions();
      t.diagnostic(`audit: ${actions.join(', ')}`);
      for (const action of ['member.invited', 'member.joined', 'member.role_changed', 'api_key.created', 'api_key.revoked']) {
        assert.ok(actions.includes(action), `audit log lists ${action}`);
      }
      await screenshot(owner, '28-audit-log');
      await audit.filter('api_key.revoked');
      assert.deepEqual(await audit.actions(), ['api_key.revoked']);

      // A second organization: created and switched to from the header, then back.
      const secondName = `Second ${stamp}`;
      await owner.goto('/targets');
      await owner.getByRole('heading', { name: 'Targets', exact: true }).waitFor();
      await ownerShell.createOrganization(secondName);
      assert.equal(await ownerShell.currentRole(), 'Owner');
      assert.equal(new URL(owner.url()).pathname, '/targets', 'a list page stays open across the switch');
      await owner.getByText('No targets yet').first().waitFor();
      assert.deepEqual((await ownerShell.organizations()).sort(), [orgName, secondName].sort());
      await screenshot(owner, '29-org-switcher');
      await ownerShell.switchTo(orgName);
      assert.equal(await ownerShell.currentOrganization(), orgName);
      await owner.goto('/settings/organization');
      await owner.getByTestId('usage-vu-minutes').waitFor();
      await screenshot(owner, '30-organization-settings');

      // The switcher on a phone.
      const phone = await newContext(browser, PHONE);
      await phone.addCookies(await ownerContext.cookies());
      const phonePage = await phone.newPage();
      await phonePage.goto('/settings/members');
      await phonePage.getByTestId('members-table').waitFor();
      await new AppShell(phonePage).openSwitcher();
      await screenshot(phonePage, '31-phone-switcher');
      await phone.close();

      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the pages');
    } catch (error) {
      await screenshot(current, '99-accounts-failure').catch(() => undefined);
      t.diagnostic(`failed at ${current.url()} (base ${BASE_URL}); screenshot in e2e/artifacts/99-accounts-failure.png`);
      throw error;
    }
  });

  it('lets an existing account log in through an invite, says why a link is dead, refuses an over-quota run, deletes an organization', async (t) => {
    const stamp = uniqueStamp();
    const target = await startLoopbackTarget(5);
    const context = await newContext(browser);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`existing: ${error.message}`));
    try {
      // Two accounts, each with an organization of its own; A invites B as an admin.
      const a = await signUpViaApi(`a-${stamp}`);
      const b = await signUpViaApi(`b-${stamp}`);
      const [orgA, orgB] = [`E2E a-${stamp}`, `E2E b-${stamp}`];
      const invite = await createInviteViaApi(a, 'ADMIN');
      const withdrawn = await createInviteViaApi(a, 'VIEWER');
      await revokeInviteViaApi(a, withdrawn.id);

      const invitePage = new InvitePage(page);
      await invitePage.open(withdrawn.url);
      assert.equal(await invitePage.deadReason(), 'This invite was withdrawn');
      await screenshot(page, '32-invite-withdrawn');

      await invitePage.open(invite.url);
      assert.deepEqual(await invitePage.preview(), { organization: orgA, role: 'Admin' });
      await invitePage.logInAndAccept(`e2e-b-${stamp}@example.test`, 'correct horse battery staple');
      const shell = new AppShell(page);
      assert.equal(await shell.currentOrganization(), orgA, 'after accepting, the app acts for the organization joined');
      assert.equal(await shell.currentRole(), 'Admin');
      assert.deepEqual((await shell.organizations()).sort(), [orgA, orgB].sort());
      await screenshot(page, '33-joined-as-admin');
      await page.keyboard.press('Escape');

      // An admin manages keys but not quotas, and cannot delete the organization.
      const organization = new OrganizationPage(page);
      await organization.goto();
      assert.equal(await organization.quotasForm.count(), 0, 'no quota form for an admin');
      await page.getByText('Only owners change quotas.').waitFor();
      assert.equal(await organization.deleteForm.count(), 0, 'no danger zone for an admin');

      // In B's own organization: a quota of 1 VU per run refuses a run of a 2-VU plan, and the plan page says why.
      // (The plan is written first: the API refuses new plans that no run could start within the quotas.)
      await shell.switchTo(orgB);
      const targetId = await createTargetViaApi(b, 'loopback', target.baseUrl);
      const planId = await createPlanViaApi(b, `quota ${stamp}`, targetId, 2);
      await organization.goto();
      await organization.setQuota('Max VUs per run', 1);
      await page.goto(`/plans/${planId}`);
      const plan = new PlanPage(page);
      await plan.waitForLoaded();
      await page.getByTestId('run-now').click();
      const refusal = page.getByTestId('run-start-error');
      await refusal.waitFor({ timeout: 15_000 });
      const text = await refusal.innerText();
      t.diagnostic(`refusal: ${text.replace(/\s+/g, ' ')}`);
      assert.match(text, /would go over your organization's quota/);
      assert.match(text, /maxVusPerRun|VUs/);
      await screenshot(page, '34-quota-exceeded');

      // Deleting B's organization keeps B signed in: the session moves to A's, with a notice.
      await organization.goto();
      await organization.deleteOrganization();
      const notice = page.getByTestId('dashboard-notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), new RegExp(`${orgB} was deleted. You are now in ${orgA}`));
      await screenshot(page, '35-organization-deleted');
      assert.equal(await shell.currentOrganization(), orgA);
      assert.deepEqual(await shell.organizations(), [orgA]);
      await page.keyboard.press('Escape');

      // Another session of B's (a script that logged in) is listed and ended from the sessions page.
      const other = await apiCall<{ token: string }>('POST', '/auth/login', null, {
        email: `e2e-b-${stamp}@example.test`,
        password: 'correct horse battery staple',
      });
      assert.equal(other.status, 200);
      await page.goto('/settings/sessions');
      const sessions = page.getByTestId('session-item');
      await sessions.nth(1).waitFor();
      assert.equal(await sessions.count(), 2);
      assert.equal(await page.locator('[data-testid="session-item"][data-current="true"]').count(), 1);
      await screenshot(page, '36-sessions');
      const otherItem = page.locator('[data-testid="session-item"]:not([data-current])');
      await otherItem.getByRole('button', { name: /^End session on/ }).click();
      await otherItem.getByRole('button', { name: 'End session', exact: true }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 1, undefined, { timeout: 15_000 });
      assert.equal((await apiCall('GET', '/me', other.body.token)).status, 401, 'the ended session is refused');
      assert.equal(target.requests, 0, 'the refused run sent nothing to the target');
      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the pages');
    } catch (error) {
      await screenshot(page, '99-accounts-existing-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()}; screenshot in e2e/artifacts/99-accounts-existing-failure.png`);
      throw error;
    } finally {
      await context.close();
      await target.close();
    }
  });
});
