import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { RunPage } from '../pages/RunPage.js';
import { SignupPage } from '../pages/SignupPage.js';
import { TargetsPage } from '../pages/TargetsPage.js';
import { waitForApi } from '../support/api.js';
import { PHONE, newContext, screenshot, openBrowserTab, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { observeLive } from '../support/live.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';

/**
 * A new user's first run, through the browser against the real stack: sign up, add a target
 * (a loopback server this test starts), write a plan, run it, watch it live (progress, live
 * figures and charts fed by the event stream), read the verdict, the charts and diagnostics.
 */
describe('first run', { timeout: RUN_TIMEOUT_MS + 120_000 }, () => {
  let target: LoopbackTarget;
  let tab: BrowserTab;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(15);
    tab = await openBrowserTab(pageErrors);
    ({ browser, context, page } = tab);
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  after(async () => {
    await tab?.close();
    await target?.close();
  });

  it('signs up, creates a target and a plan, runs it, shows it live and then a PASSED report', async (t) => {
    const stamp = uniqueStamp();
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
      // Long enough to watch the live view tick a few times.
      await form.setConstantLoad(2, '6s');
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
      t.diagnostic(`reached ${live}`);
      // Live: the progress bar moves, the charts draw the seconds as they arrive.
      const seen = await observeLive(run, 60_000, (s) => s.elapsed.length >= 2 && s.canvases > 0 && s.chartPoints > 0);
      if (seen.lastStatus === 'RUNNING') await screenshot(page, '06-run-in-progress');
      t.diagnostic(
        `live: elapsed ${seen.elapsed.join(', ')} s; modes ${seen.modes.join(' -> ')}; ${seen.canvases} canvases, ${seen.chartPoints} seconds charted`,
      );
      assert.ok(seen.elapsed.length >= 2, `the progress bar showed elapsed ${JSON.stringify(seen.elapsed)} while RUNNING (wanted two different values)`);
      assert.ok(seen.canvases > 0, 'a live chart canvas is drawn');
      assert.ok(seen.chartPoints > 0, 'the live chart has at least one second');
      assert.ok(seen.modes.includes('streaming'), `the live view used the event stream (modes seen: ${seen.modes.join(', ')})`);

      const final = await run.waitForTerminal(RUN_TIMEOUT_MS);
      await run.verdictBanner.waitFor();
      await run.charts.waitFor();
      await run.diagnostics.first().waitFor();
      await screenshot(page, '07-run-finished');
      t.diagnostic(`statuses seen: ${run.seen.join(' -> ')}`);
      assert.equal(final, 'PASSED', `run ended ${final}: ${(await run.errorText()) ?? 'no error message'}`);
      assert.equal(await run.verdictBanner.getAttribute('data-status'), 'PASSED');

      const count = await run.requestCount(requestName);
      assert.ok(count > 0, `request row "${requestName}" has count ${count}`);
      assert.deepEqual(await run.thresholdVerdicts(), ['PASS', 'PASS']);
      assert.match(await run.percentileNote(), /±\d/);

      // The report's per-second charts and its diagnostics section.
      assert.ok((await run.chartPoints('latency')) >= 3, `latency chart has ${await run.chartPoints('latency')} seconds`);
      assert.ok((await run.chartCanvases()) >= 3, 'latency, throughput and VU charts are drawn');
      assert.match(await page.getByTestId('series-error-bound').innerText(), /within ±\d/);
      const diagnostics = await run.diagnosticCodes();
      t.diagnostic(`diagnostics: ${diagnostics.map((d) => `${d.code} (${d.severity})`).join(', ') || 'none'}`);
      assert.ok(!diagnostics.some((d) => d.severity === 'critical'), 'a healthy loopback run has no critical diagnostic');
      assert.ok(target.requests > 0, 'the loopback target received the load');
      t.diagnostic(`${count} requests in the report, ${target.requests} answered by the loopback target`);

      // The same report on a phone, signed in with the same session cookies.
      const phone = await newContext(browser, PHONE);
      await phone.addCookies(await context.cookies());
      const phonePage = await phone.newPage();
      await new RunPage(phonePage).goto(runId);
      await phonePage.getByTestId('run-verdict').waitFor();
      await phonePage.getByTestId('run-charts').waitFor();
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
