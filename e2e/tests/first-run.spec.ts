import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { RunPage } from '../pages/RunPage.js';
import { SignupPage } from '../pages/SignupPage.js';
import { TargetsPage } from '../pages/TargetsPage.js';
import { waitForApi } from '../support/api.js';
import { PHONE, launchBrowser, newContext, screenshot } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';

/**
 * A new user's first run, through the browser against the real stack: sign up, add a target
 * (a loopback server this test starts), write a plan, run it, read the verdict.
 */
describe('first run', { timeout: RUN_TIMEOUT_MS + 120_000 }, () => {
  let target: LoopbackTarget;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(15);
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await target?.close();
  });

  it('signs up, creates a target and a plan, runs it and shows a PASSED verdict', async (t) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const requestName = 'ping';
    try {
      const signup = new SignupPage(page);
      await signup.goto();
      await screenshot(page, '01-signup');
      await signup.signUp({
        name: 'E2E Tester',
        email: `e2e-${stamp}@example.test`,
        password: 'correct horse battery staple',
        organizationName: `E2E ${stamp}`,
      });
      await page.getByText('No targets yet').first().waitFor();
      await screenshot(page, '02-dashboard-empty');

      const targets = new TargetsPage(page);
      await targets.goto();
      await targets.createTarget({ name: 'loopback', baseUrl: target.baseUrl });
      await screenshot(page, '03-targets');

      const form = new PlanFormPage(page);
      await form.goto();
      await form.setBasics(`first run ${stamp}`, 'loopback');
      await form.setConstantLoad(2, '3s');
      await form.setRequestCount(1);
      await form.setRequest(0, { name: requestName, method: 'GET', path: '/ping', expectedStatuses: '200' });
      await form.setThresholdCount(2);
      await form.setThreshold(0, { metric: 'latency', stat: 'p95', op: '<', value: 500 });
      await form.setThreshold(1, { metric: 'error_rate', op: '<', value: 1 });
      await screenshot(page, '04-plan-form');
      const planId = await form.submit();
      t.diagnostic(`plan ${planId}`);

      const plan = new PlanPage(page);
      await plan.waitForLoaded();
      await screenshot(page, '05-plan');
      const runId = await plan.runNow();
      t.diagnostic(`run ${runId}`);

      const run = new RunPage(page);
      await run.statusBadge.waitFor();
      const live = await run.waitForStatusAtLeast('RUNNING', RUN_TIMEOUT_MS);
      await screenshot(page, '06-run-in-progress');
      t.diagnostic(`reached ${live}`);

      const final = await run.waitForTerminal(RUN_TIMEOUT_MS);
      await run.verdictBanner.waitFor();
      await screenshot(page, '07-run-finished');
      t.diagnostic(`statuses seen: ${run.seen.join(' -> ')}`);
      assert.equal(final, 'PASSED', `run ended ${final}: ${(await run.errorText()) ?? 'no error message'}`);
      assert.equal(await run.verdictBanner.getAttribute('data-status'), 'PASSED');

      const count = await run.requestCount(requestName);
      assert.ok(count > 0, `request row "${requestName}" has count ${count}`);
      assert.deepEqual(await run.thresholdVerdicts(), ['PASS', 'PASS']);
      assert.match(await run.percentileNote(), /±\d/);
      assert.ok(target.requests > 0, 'the loopback target received the load');
      t.diagnostic(`${count} requests in the report, ${target.requests} answered by the loopback target`);

      // The same report on a phone.
      const phone = await newContext(browser, PHONE);
      await phone.addInitScript(
        ([key, value]) => localStorage.setItem(key, value),
        ['loadline.session', (await page.evaluate(() => localStorage.getItem('loadline.session'))) ?? ''] as const,
      );
      const phonePage = await phone.newPage();
      await new RunPage(phonePage).goto(runId);
      await phonePage.getByTestId('run-verdict').waitFor();
      await screenshot(phonePage, '08-run-phone');
      await phone.close();

      // Chromium logs every non-2xx fetch as a console error; those are reported, not fatal.
      if (consoleErrors.length) t.diagnostic(`browser console errors: ${consoleErrors.join(' | ')}`);
      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
    } catch (error) {
      await screenshot(page, '99-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()} (base ${BASE_URL}); screenshot in e2e/artifacts/99-failure.png`);
      throw error;
    }
  });
});
