import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { RunPage } from '../pages/RunPage.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { waitForApi } from '../support/api.js';
import { openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';
import { createTargetViaApi, signUpViaApi, type ApiSession } from '../support/setup.js';

const USERS = Array.from({ length: 40 }, (_, i) => ({ id: `user${i}`, token: `tok-e2e-plan-${i}` }));
const USERS_CSV = `id,token\n${USERS.map((user) => `${user.id},${user.token}`).join('\n')}\n`;

/**
 * A data set used by a plan, in the browser (issue 31): the editor offers the organization's
 * sets and their columns as {{data.set.column}}, the plan is saved with one, and its run sends
 * each row once, with its secret token, to the loopback target this test started.
 */
describe('plans use data sets', { timeout: RUN_TIMEOUT_MS + 120_000 }, () => {
  let tab: BrowserTab;
  let page: Page;
  let session: ApiSession;
  let target: LoopbackTarget;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(5);
    session = await signUpViaApi(`data-plan-${uniqueStamp()}`);
    await createTargetViaApi(session, 'loopback', target.baseUrl);
    const uploaded = await fetch(`${BASE_URL}/api/v1/data-sets/users?secret=token`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/csv', Authorization: `Bearer ${session.token}` },
      body: USERS_CSV,
    });
    assert.ok(uploaded.ok, `upload: ${uploaded.status}`);
    tab = await openBrowserTab(pageErrors, { signedInAs: session });
    page = tab.page;
  });

  after(async () => {
    await tab?.close();
    await target?.close();
  });

  it('offers the set and its columns in the editor, and the run sends each row once', async (t) => {
    try {
      const form = new PlanFormPage(page);
      await form.goto();
      await form.setBasics('with users', 'loopback');
      await form.useDataSet('users', 'Unique', 'Stop the run');
      assert.deepEqual(
        (await form.templateNames(0)).filter((name) => name.startsWith('{{data.')),
        ['{{data.users.id}}', '{{data.users.token}}'],
      );
      await form.setConstantLoad(1, '10s');
      await form.setRequestCount(1);
      await form.setRequest(0, { name: 'profile', method: 'GET', path: '/users/{{data.users.id}}', expectedStatuses: '200' });
      await form.addHeader(0, 'Authorization', 'Bearer {{data.users.token}}');
      await form.setThresholdCount(0);
      assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the plan editor with a data set');
      await screenshot(page, '91-plan-with-data-set');
      await form.submit();

      const plan = new PlanPage(page);
      await plan.waitForLoaded();
      const runId = await plan.runNow();
      t.diagnostic(`run ${runId}`);
      const run = new RunPage(page);
      assert.equal(await run.waitForTerminal(RUN_TIMEOUT_MS), 'PASSED');

      const sent = target.seen.filter((request) => request.path.startsWith('/users/'));
      // 40 rows, one VU for 10 s: the rows run out and the run stops, each sent once with its own token.
      assert.equal(sent.length, USERS.length);
      assert.deepEqual(
        sent.map((request) => [request.path, request.authorization]).sort(),
        USERS.map((user) => [`/users/${user.id}`, `Bearer ${user.token}`]).sort(),
      );
      const html = await page.content();
      for (const user of USERS) assert.ok(!html.includes(user.token), `${user.token} is not on the run page`);
      assert.ok(html.includes('Data set users (v1) ran out after 40 rows: the run stopped, as the plan says.'), 'the report says the rows ran out');
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await screenshot(page, '99-data-plans-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()}`);
      throw error;
    }
  });
});
