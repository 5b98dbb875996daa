import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { PlanAutomation, WebhooksPage } from '../pages/AutomationPages.js';
import { PlanPage } from '../pages/PlanPage.js';
import { RunPage } from '../pages/RunPage.js';
import { waitForApi } from '../support/api.js';
import { createPlanViaApi, createTargetViaApi, signInContext, signUpViaApi } from '../support/setup.js';
import { screenshot, openBrowserTab, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { RUN_TIMEOUT_MS } from '../support/env.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';

/**
 * Runs that start themselves: a schedule with its next five fire times, a webhook whose test
 * event reaches a loopback receiver (and shows in the delivery log), and a trigger URL that
 * starts a run when POSTed to (the same Idempotency-Key answering the same run).
 */
describe('automation', { timeout: RUN_TIMEOUT_MS + 120_000 }, () => {
  let target: LoopbackTarget;
  let receiver: LoopbackTarget;
  let tab: BrowserTab;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(10);
    receiver = await startLoopbackTarget(0);
    tab = await openBrowserTab(pageErrors);
    ({ context, page } = tab);
  });

  after(async () => {
    await tab?.close();
    await target?.close();
    await receiver?.close();
  });

  it('schedules a plan, sends a webhook test event and starts a run through a trigger URL', async (t) => {
    const stamp = uniqueStamp();
    try {
      const session = await signUpViaApi(`auto-${stamp}`);
      const targetId = await createTargetViaApi(session, 'loopback', target.baseUrl);
      const planId = await createPlanViaApi(session, `automation ${stamp}`, targetId);
      await signInContext(context, session);

      // A schedule: every day at 03:00 in Paris; the next five fire times are listed.
      const plan = new PlanPage(page);
      await plan.goto(planId);
      const automation = new PlanAutomation(page);
      const schedule = await automation.addSchedule({ cron: '0 3 * * *', timezone: 'Europe/Paris' });
      const times = await automation.fireTimes(schedule);
      t.diagnostic(`fire times: ${times.join(', ')}`);
      assert.equal(times.length, 5);
      for (const time of times) {
        const hour = Number(new Date(time).toLocaleString('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }));
        assert.equal(hour, 3, `${time} is 03:00 in Paris`);
      }
      await schedule.scrollIntoViewIfNeeded();
      await screenshot(page, '70-schedules');

      // A trigger URL; a POST to it starts a run, the same Idempotency-Key answers the same run.
      const { url, curl } = await automation.createTrigger('ci deploy');
      assert.match(curl, /Idempotency-Key/);
      assert.ok(curl.includes(url));
      await screenshot(page, '71-trigger-url');
      const fire = () =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': `e2e-${stamp}` }, body: '{}' }).then(
          async (response) => ({
            status: response.status,
            body: (await response.json()) as { run?: { id: string } },
          }),
        );
      const first = await fire();
      assert.equal(first.status, 202, JSON.stringify(first.body));
      const again = await fire();
      assert.equal(again.body.run?.id, first.body.run?.id, 'a retry with the same key answers the same run');
      const run = new RunPage(page);
      await run.goto(first.body.run!.id);
      // INCONCLUSIVE when a busy machine saturates the generator: the run still ran.
      assert.ok(['PASSED', 'INCONCLUSIVE'].includes(await run.waitForTerminal(RUN_TIMEOUT_MS)));
      assert.match(await page.locator('.page-header__description').innerText(), /webhook|API|trigger/i);

      // A webhook to the loopback receiver; its test event is delivered and logged.
      const webhooks = new WebhooksPage(page);
      await webhooks.goto();
      const hookUrl = `${receiver.baseUrl}/hooks/loadline`;
      const secret = await webhooks.create(hookUrl, ['run.finished', 'run.failed'], 'e2e receiver');
      assert.match(secret, /^whsec_/);
      await screenshot(page, '72-webhook-secret');
      await webhooks.dismissSecret();
      await webhooks.sendTest(hookUrl);
      const delivery = await webhooks.waitForDelivery(hookUrl, 'webhook.test');
      t.diagnostic(`test delivery: ${delivery.status}, ${delivery.response}`);
      assert.equal(delivery.status, 'DELIVERED');
      assert.match(delivery.response, /^HTTP 200/);
      const received = receiver.seen.filter((request) => request.path === '/hooks/loadline');
      assert.equal(received.length, 1);
      assert.match(received[0]!.body, /"type":"webhook\.test"/);
      await screenshot(page, '73-webhooks');
      const rotated = await webhooks.rotateSecret(hookUrl);
      assert.match(rotated.secret, /^whsec_/);
      assert.notEqual(rotated.secret, secret);
      assert.match(rotated.previousUntil, /previous secret also signs until/);

      // A schedule every 10 seconds fires: its slot history shows RAN with the run, then it is disabled.
      await plan.goto(planId);
      const everyTen = '*/10 * * * * *';
      await automation.addSchedule({ cron: everyTen, timezone: 'UTC', overlap: 'SKIP' });
      const slots = await automation.waitForSlot(everyTen, 'RAN');
      await automation.disable(everyTen);
      t.diagnostic(`slots: ${slots.outcomes.join(', ')}; runs ${slots.runLinks.join(', ')}`);
      assert.ok(slots.runLinks.length >= 1, 'a RAN slot links its run');
      await page.locator('[data-testid="schedule-slots"]').first().scrollIntoViewIfNeeded();
      await screenshot(page, '74-schedule-slots');
      await page.goto(slots.runLinks.at(-1)!);
      assert.match(await page.locator('.page-header__description').innerText(), /Scheduled run/);
      await run.waitForTerminal(RUN_TIMEOUT_MS);

      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
    } catch (error) {
      await screenshot(page, '99-automation-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()}; screenshot in e2e/artifacts/99-automation-failure.png`);
      throw error;
    }
  });
});
