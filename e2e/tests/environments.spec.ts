import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PlanAutomation } from '../pages/AutomationPages.js';
import { PlanPage } from '../pages/PlanPage.js';
import { TrendsPage } from '../pages/ReportPages.js';
import { RunPage } from '../pages/RunPage.js';
import { waitForApi } from '../support/api.js';
import { openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { RUN_TIMEOUT_MS } from '../support/env.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';
import { apiCall, createPlanViaApi, createTargetViaApi, signUpViaApi, type ApiSession } from '../support/setup.js';

/**
 * Environments from the web: a plan bound to "production" (127.0.0.1) is run against
 * "staging" (127.0.0.2, another loopback server) from its page. The run page says which target
 * it went to, the staging server got the traffic and production none, and the trends page
 * follows each target's runs separately through its target selector. A schedule and a trigger
 * URL made on the plan page go to the target chosen in their forms.
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

  it('makes a schedule and a trigger URL that run against the target chosen in their forms', async () => {
    const productionId = await createTargetViaApi(session, 'prod-2', production.baseUrl);
    const stagingId = await createTargetViaApi(session, 'staging-2', staging.baseUrl);
    const planId = await createPlanViaApi(session, 'nightly', productionId);
    const before = { production: production.requests, staging: staging.requests };
    try {
      const plan = new PlanPage(page);
      await plan.goto(planId);
      const automation = new PlanAutomation(page);
      const schedule = await automation.addSchedule({ cron: '0 3 * * *', timezone: 'UTC', target: 'staging-2' });
      assert.match(await schedule.innerText(), /against staging-2/);
      const schedules = await apiCall<{ items: { targetId: string | null }[] }>('GET', `/plans/${planId}/schedules`, session.token);
      assert.deepEqual(
        schedules.body.items.map((item) => item.targetId),
        [stagingId],
      );

      const { url } = await automation.createTrigger('preview deploy', 'staging-2');
      assert.deepEqual(await seriousAccessibilityViolations(page), []);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      assert.equal(await automation.triggerTarget('preview deploy'), 'staging-2');
      const fired = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const body = (await fired.json()) as { run?: { id: string } };
      assert.equal(fired.status, 202, JSON.stringify(body));
      const run = new RunPage(page);
      await run.goto(body.run!.id);
      assert.equal(await run.otherTarget(), 'staging-2');
      // INCONCLUSIVE when a busy machine saturates the generator: the run still ran.
      assert.ok(['PASSED', 'INCONCLUSIVE'].includes(await run.waitForTerminal(RUN_TIMEOUT_MS)));
      assert.ok(staging.requests > before.staging, 'the trigger run went to staging');
      assert.equal(production.requests, before.production);
    } catch (error) {
      await screenshot(page, 'environments-automation-failure');
      throw error;
    }
    assert.deepEqual(pageErrors, []);
  });
});
