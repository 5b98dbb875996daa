import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PlanPage } from '../pages/PlanPage.js';
import { TrendsPage } from '../pages/ReportPages.js';
import { RunPage } from '../pages/RunPage.js';
import { waitForApi } from '../support/api.js';
import { openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { RUN_TIMEOUT_MS } from '../support/env.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';
import { createPlanViaApi, createTargetViaApi, signUpViaApi, type ApiSession } from '../support/setup.js';

/**
 * Environments from the web: a plan bound to "production" (127.0.0.1) is run against
 * "staging" (127.0.0.2, another loopback server) from its page. The run page says which target
 * it went to, the staging server got the traffic and production none, and the trends page
 * follows each target's runs separately through its target selector.
 */
describe('environments', { timeout: RUN_TIMEOUT_MS + 120_000 }, () => {
  let production: LoopbackTarget;
  let staging: LoopbackTarget;
  let session: ApiSession;
  let tab: BrowserTab;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    production = await startLoopbackTarget(5, '127.0.0.1');
    staging = await startLoopbackTarget(5, '127.0.0.2');
    session = await signUpViaApi(`env-${uniqueStamp()}`);
    tab = await openBrowserTab(pageErrors, { signedInAs: session });
    page = tab.page;
  });

  after(async () => {
    await tab?.close();
    await production?.close();
    await staging?.close();
  });

  it("runs a plan against a second target from its page, and keeps that run in the second target's trend", async () => {
    const productionId = await createTargetViaApi(session, 'production', production.baseUrl);
    await createTargetViaApi(session, 'staging', staging.baseUrl);
    const planId = await createPlanViaApi(session, 'checkout', productionId);
    try {
      const plan = new PlanPage(page);
      await plan.goto(planId);
      await plan.chooseRunTarget('staging');
      assert.deepEqual(await seriousAccessibilityViolations(page), []);
      const runId = await plan.runNow();

      const run = new RunPage(page);
      await run.statusBadge.waitFor();
      assert.equal(await run.otherTarget(), 'staging');
      assert.equal(await run.waitForTerminal(RUN_TIMEOUT_MS), 'PASSED');
      // The traffic went to staging only.
      assert.ok(staging.requests > 0, 'the staging server got the run');
      assert.equal(production.requests, 0);
      assert.ok(staging.seen.every((request) => request.path === '/ping'));

      const trends = new TrendsPage(page);
      await trends.goto(planId);
      const choice = await trends.targetChoice();
      assert.deepEqual(choice.options, ["production (the plan's own) · unverified", 'staging · unverified']);
      assert.equal(choice.chosen, "production (the plan's own) · unverified");
      // The plan's own target has no runs yet: the staging run is not in its trend.
      assert.equal(await trends.isEmpty(), true);
      await trends.chooseTarget('staging');
      assert.equal(await trends.points(), 1);
      assert.deepEqual(await seriousAccessibilityViolations(page), []);
      assert.ok(runId);
    } catch (error) {
      await screenshot(page, 'environments-failure');
      throw error;
    }
    assert.deepEqual(pageErrors, []);
  });
});
