import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { FormFields } from '../pages/FormFields.js';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { SignupPage } from '../pages/SignupPage.js';
import { TargetPage } from '../pages/TargetPage.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { waitForApi } from '../support/api.js';
import { openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { createPlanViaApi, createTargetViaApi, signInContext, signUpViaApi, type ApiSession } from '../support/setup.js';

/**
 * One validation pattern in every form: bad input is answered under its field, in words (not
 * zod's "Too small: expected …" nor the browser's bubble), focus goes to the first bad field,
 * the message goes as soon as the field is fixed, and a refusal only the API can make (a cron
 * firing more often than the installation allows) lands on the same field the same way.
 */
describe('forms', { timeout: 180_000 }, () => {
  let tab: BrowserTab;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    tab = await openBrowserTab(pageErrors);
    ({ context, page } = tab);
  });

  after(async () => {
    await tab?.close();
  });

  async function failed(name: string, t: { diagnostic: (message: string) => void }) {
    await screenshot(page, `99-forms-${name}-failure`).catch(() => undefined);
    t.diagnostic(`failed at ${page.url()}; screenshot in e2e/artifacts/99-forms-${name}-failure.png`);
  }

  it('sign-up and login answer empty and malformed fields in words, focus the first, and clear each when fixed', async (t) => {
    try {
      await new SignupPage(page).goto();
      const signup = FormFields.named(page, 'Create your account');
      assert.ok(await signup.browserValidationOff(), 'no browser bubbles on sign-up');
      await signup.submit('Create account');
      await signup.waitForError('Your name', 'Enter your name');
      assert.equal(await signup.errorOf('Work email'), 'Enter your email address');
      assert.ok(await signup.isFocused('Your name'), 'focus on the first field with an error');
      await screenshot(page, '80-forms-signup-errors');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on a form showing its errors');
      await signup.fill('Your name', 'Form Tester');
      await signup.waitForNoError('Your name');
      assert.equal(await signup.errorOf('Work email'), 'Enter your email address', 'the other fields keep their messages');

      await page.goto('/login');
      const login = FormFields.named(page, 'Sign in');
      assert.ok(await login.browserValidationOff());
      await login.fill('Email', 'nobody');
      await login.fill('Password', 'x');
      await login.submit('Sign in');
      await login.waitForError('Email', 'Enter an email address such as name@example.com');
      assert.ok(await login.isFocused('Email'));
      await login.fill('Email', 'nobody@example.test');
      await login.waitForNoError('Email');
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await failed('auth', t);
      throw error;
    }
  });

  describe('signed in', () => {
    let session: ApiSession;
    let planId: string;
    let targetId: string;

    before(async () => {
      const stamp = uniqueStamp();
      session = await signUpViaApi(`forms-${stamp}`);
      // Never contacted: the forms below are refused before anything would run.
      targetId = await createTargetViaApi(session, 'forms target', 'http://127.0.0.1:9');
      planId = await createPlanViaApi(session, `forms ${stamp}`, targetId);
      await signInContext(context, session);
    });

    it('the target, plan editor, metric source, API key and invite forms answer bad input inline and clear it when fixed', async (t) => {
      try {
        await page.goto('/targets');
        const target = FormFields.named(page, 'New target');
        await target.control('Name').waitFor();
        assert.ok(await target.browserValidationOff());
        await target.fill('Name', 'x');
        await target.fill('Base URL', 'not a url');
        await target.submit('Create target');
        const baseUrlError = await waitForSomeError(target, 'Base URL');
        assert.doesNotMatch(baseUrlError, /Invalid|expected|Too small/, baseUrlError);
        await target.fill('Base URL', 'http://127.0.0.1:9');
        await target.waitForNoError('Base URL');

        const editor = new PlanFormPage(page);
        await editor.goto();
        await editor.setBasics(`negative ${uniqueStamp()}`, 'forms target');
        await editor.setThresholdCount(1);
        await editor.setThreshold(0, { metric: 'latency', stat: 'p95', op: '<', value: -5 });
        await page.getByTestId('save-plan').click();
        const threshold = new FormFields(page, editor.form.getByRole('group', { name: 'Threshold 1', exact: true }));
        await threshold.waitForError(/^Value \(/, 'Enter a number above 0');
        assert.ok(await threshold.isFocused(/^Value \(/), 'focus on the threshold value');
        await screenshot(page, '81-forms-threshold-error');
        await threshold.fill(/^Value \(/, '300');
        await threshold.waitForNoError(/^Value \(/);

        await new TargetPage(page).goto(targetId);
        await new TargetPage(page).openSourceForm('scrape');
        const source = FormFields.named(page, 'New metric source');
        assert.ok(await source.browserValidationOff());
        await source.fill('Metrics URL', 'metrics');
        await source.submit(/Add source/);
        await source.waitForError('Name', 'Enter a name');
        const sourceUrlError = await waitForSomeError(source, 'Metrics URL');
        assert.doesNotMatch(sourceUrlError, /Invalid|expected|Too small/, sourceUrlError);
        assert.ok(await source.isFocused('Name'), 'focus on the first field with an error');
        await source.fill('Name', 'api');
        await source.waitForNoError('Name');
        assert.equal(await source.errorOf('Metrics URL'), sourceUrlError, 'the URL keeps its message until it is edited');

        await page.goto('/settings/api-keys');
        const key = FormFields.named(page, 'New API key');
        await key.control('Name').waitFor();
        await key.submit(/Create/);
        await key.waitForError('Name', 'Enter a name for the key');
        await key.fill('Name', 'ci');
        await key.waitForNoError('Name');

        await page.goto('/settings/members');
        const invite = FormFields.named(page, 'Invite someone');
        await invite.fill('Email (optional)', 'not-an-address');
        await invite.submit(/invite/i);
        await invite.waitForError('Email (optional)', 'Enter an email address such as name@example.com');
        await invite.fill('Email (optional)', 'colleague@example.test');
        await invite.waitForNoError('Email (optional)');
        assert.deepEqual(pageErrors, []);
      } catch (error) {
        await failed('settings', t);
        throw error;
      }
    });

    it('schedule, trigger and webhook forms: next fire times in a non-UTC zone as the cron is typed, bad input inline, the API’s refusal on its field', async (t) => {
      try {
        await new PlanPage(page).goto(planId);
        await page.getByTestId('add-schedule').click();
        const schedule = FormFields.byTestId(page, 'schedule-form');
        assert.ok(await schedule.browserValidationOff());
        await schedule.fill('Time zone', 'Asia/Kolkata');
        await schedule.fill('Cron expression', '61 * * * *');
        // Answered as it is typed, before any submit.
        const cronError = await waitForSomeError(schedule, 'Cron expression');
        assert.match(cronError, /^Not a valid cron expression/);
        await schedule.fill('Cron expression', '30 9 * * *');
        await schedule.waitForNoError('Cron expression');
        const preview = await previewTimes(page);
        assert.equal(preview.length, 5, 'five fire times');
        // Ground truth independent of the app's cron library: 09:30 in Kolkata (UTC+5:30,
        // no daylight saving) is 04:00 UTC, on five consecutive days, the first within a day.
        for (const [index, iso] of preview.entries()) {
          const at = new Date(iso);
          assert.equal(at.getUTCHours(), 4, iso);
          assert.equal(at.getUTCMinutes(), 0, iso);
          if (index > 0) assert.equal(at.getTime() - new Date(preview[index - 1]!).getTime(), 86_400_000, iso);
        }
        assert.ok(new Date(preview[0]!).getTime() - Date.now() <= 86_400_000 && new Date(preview[0]!).getTime() > Date.now());
        assert.match(await page.getByTestId('preview-fire-times').innerText(), /09:30 GMT\+5:30/);
        await screenshot(page, '82-forms-schedule-preview');
        assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the plan page with the schedule form open');

        // Only the API knows the installation's floor (the e2e stack allows one slot per 10 s).
        await schedule.fill('Cron expression', '*/2 * * * * *');
        await schedule.submit('Create schedule');
        const refused = await waitForSomeError(schedule, 'Cron expression');
        assert.match(refused, /at most once every 10 s/);
        assert.ok(await schedule.isFocused('Cron expression'));
        await schedule.fill('Cron expression', '30 9 * * *');
        await schedule.waitForNoError('Cron expression');
        await schedule.submit('Create schedule');
        await schedule.form.waitFor({ state: 'detached' });
        const saved = await page
          .locator('[data-testid^="schedule-"][data-enabled]')
          .filter({ hasText: '30 9 * * *' })
          .locator('[data-testid="fire-times"] time')
          .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
        assert.deepEqual(saved, preview, 'the saved schedule fires when the preview said');

        const trigger = FormFields.named(page, 'New trigger URL');
        await trigger.submit('Create trigger URL');
        await trigger.waitForError('Name', 'Enter a name for the trigger, such as “deploy hook”');
        assert.equal(await page.getByTestId('trigger-url-value').count(), 0, 'no trigger was created under a name the user did not give');
        await trigger.fill('Name', 'ci');
        await trigger.waitForNoError('Name');

        await page.goto('/settings/webhooks');
        const webhook = FormFields.byTestId(page, 'webhook-form');
        await webhook.control('Endpoint URL').waitFor();
        assert.ok(await webhook.browserValidationOff(), 'no browser bubble on the webhook URL');
        await webhook.fill('Endpoint URL', 'hooks.example.com');
        await webhook.submit('Add webhook');
        const urlError = await waitForSomeError(webhook, 'Endpoint URL');
        assert.doesNotMatch(urlError, /Invalid|expected|Too small/, urlError);
        assert.ok(await webhook.isFocused('Endpoint URL'));
        await screenshot(page, '83-forms-webhook-error');
        assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the webhook form showing an error');
        await webhook.fill('Endpoint URL', 'http://127.0.0.1:9/hook');
        await webhook.waitForNoError('Endpoint URL');
        assert.deepEqual(pageErrors, []);
      } catch (error) {
        await failed('automation', t);
        throw error;
      }
    });
  });
});

/** Waits for any message under the field and answers it. */
async function waitForSomeError(form: FormFields, label: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const message = await form.errorOf(label);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${label} shows no error`);
}

async function previewTimes(page: Page): Promise<string[]> {
  const list = page.getByTestId('preview-fire-times');
  await list.waitFor();
  return list.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
}
