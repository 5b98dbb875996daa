import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { RunPage } from '../pages/RunPage.js';
import { waitForApi } from '../support/api.js';
import { PHONE, newContext, screenshot, openBrowserTab, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { observeLive } from '../support/live.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';
import { createTargetViaApi, signInContext, signUpViaApi, type ApiSession } from '../support/setup.js';

/**
 * A 30 s constant-arrival-rate run (plan written in the form), stopped from the run page:
 * confirm, "Cancelling…", then a CANCELLED report that keeps what was measured.
 */
describe('cancel a run', { timeout: RUN_TIMEOUT_MS + 120_000 }, () => {
  let target: LoopbackTarget;
  let tab: BrowserTab;
  let browser: Browser;
  let page: Page;
  let session: ApiSession;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(5);
    session = await signUpViaApi(`cancel-${uniqueStamp()}`);
    await createTargetViaApi(session, 'loopback', target.baseUrl);
    tab = await openBrowserTab(pageErrors, { signedInAs: session });
    ({ browser, page } = tab);
  });

  after(async () => {
    await tab?.close();
    await target?.close();
  });

  it('stops a 30 s arrival-rate run from the UI and shows it CANCELLED with what was measured', async (t) => {
    const requestName = 'rate-ping';
    try {
      const form = new PlanFormPage(page);
      await form.goto();
      await form.setBasics('thirty seconds at 40 req/s', 'loopback');
      await form.setConstantArrivalRate({ rate: 40, timeUnit: '1s', duration: '30s', preAllocatedVUs: 4, maxVUs: 10 });
      await form.setRequestCount(1);
      await form.setRequest(0, { name: requestName, method: 'GET', path: '/rate', expectedStatuses: '200' });
      await form.setThresholdCount(1);
      await form.setThreshold(0, { metric: 'latency', stat: 'p95', op: '<', value: 500 });
      await screenshot(page, '09-arrival-rate-form');
      const planId = await form.submit();
      t.diagnostic(`plan ${planId}`);

      const plan = new PlanPage(page);
      await plan.waitForLoaded();
      assert.match(
        await page
          .getByText(/40 requests per 1s for 30s/)
          .first()
          .innerText(),
        /40 requests per 1s/,
      );
      const runId = await plan.runNow();
      t.diagnostic(`run ${runId}`);

      const run = new RunPage(page);
      await run.waitForStatusAtLeast('RUNNING', RUN_TIMEOUT_MS);
      // Let some load happen first, so there is something to keep.
      const seen = await observeLive(run, 45_000, (s) => s.elapsed.length >= 3 && s.chartPoints >= 2 && s.requestTotals.length >= 2);
      t.diagnostic(`live: elapsed ${seen.elapsed.join(', ')} s; requests ${seen.requestTotals.join(' -> ')}; modes ${seen.modes.join(' -> ')}`);
      assert.equal(seen.lastStatus, 'RUNNING', 'the 30 s run is still running when the test cancels it');
      assert.ok(seen.elapsed.length >= 2, `elapsed moved: ${JSON.stringify(seen.elapsed)}`);
      assert.ok(seen.requestTotals.length >= 2, `the live request total went up: ${JSON.stringify(seen.requestTotals)}`);
      await screenshot(page, '10-run-live');

      const phone = await newContext(browser, PHONE);
      await signInContext(phone, session);
      const phonePage = await phone.newPage();
      const phoneRun = new RunPage(phonePage);
      await phoneRun.goto(runId);
      await phonePage.getByTestId('live-progress').waitFor();
      await observeLive(phoneRun, 10_000, (s) => s.chartPoints >= 2 && s.elapsed.length >= 2);
      await screenshot(phonePage, '11-run-live-phone');

      await run.cancel(() => screenshot(page, '12-cancel-confirm').then(() => undefined));
      await page
        .waitForFunction(
          () => {
            const button = document.querySelector('[data-testid="cancel-run"]');
            return button instanceof HTMLButtonElement ? button.disabled && /Cancelling/.test(button.textContent ?? '') : false;
          },
          undefined,
          { timeout: 10_000 },
        )
        .catch(async (error: unknown) => {
          // It may already be over; then the report below is what matters.
          if (!(await run.verdictBanner.count())) throw error;
        });
      if (await run.cancelButton.count()) await screenshot(page, '13-cancelling');

      const final = await run.waitForTerminal(60_000);
      t.diagnostic(`statuses seen: ${run.seen.join(' -> ')}`);
      assert.equal(final, 'CANCELLED', `run ended ${final}: ${(await run.errorText()) ?? 'no error message'}`);
      await run.verdictBanner.waitFor();
      assert.equal(await run.verdictBanner.getAttribute('data-status'), 'CANCELLED');
      assert.match(await page.getByTestId('cancelled-note').innerText(), /Stopped on request after .* of the planned 30 s/);

      const count = await run.requestCount(requestName);
      t.diagnostic(`${count} requests kept in the report; the loopback target answered ${target.requests}`);
      assert.ok(count > 0, `request row "${requestName}" has count ${count}`);
      assert.ok(count < 40 * 30, 'the run stopped before the planned 1,200 requests');
      await run.charts.waitFor();
      assert.ok((await run.chartPoints('latency')) >= 2, 'the report charts what was measured');
      await screenshot(page, '14-run-cancelled');

      await phonePage.getByTestId('run-verdict').waitFor({ timeout: 15_000 });
      await phonePage.getByTestId('run-charts').waitFor();
      await screenshot(phonePage, '15-run-cancelled-phone');
      await phone.close();

      // Cancelling again is refused by the API (409) and the page says so without breaking.
      const again = await fetch(`${BASE_URL}/api/v1/runs/${runId}/cancel`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token}` },
      });
      assert.equal(again.status, 409);
      assert.equal(((await again.json()) as { error: { code: string } }).error.code, 'RUN_NOT_CANCELLABLE');
      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
    } catch (error) {
      await screenshot(page, '99-cancel-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()} (base ${BASE_URL}); screenshot in e2e/artifacts/99-cancel-failure.png`);
      throw error;
    }
  });
});
