import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ImportPage } from '../pages/ImportPage.js';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { RunPage } from '../pages/RunPage.js';
import { TargetPage } from '../pages/TargetPage.js';
import { TargetsPage } from '../pages/TargetsPage.js';
import { waitForApi } from '../support/api.js';
import { screenshot, openBrowserTab, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';
import { apiCall, signUpViaApi, type ApiSession } from '../support/setup.js';

/**
 * The plan editor against the real stack: a target with a secret variable; a plan of two
 * sequential scenarios, the second a user flow that captures a token from one request and
 * sends it (and the secret) in the next, with a check and a status-share threshold; the live
 * load chart; the script preview; an edit that makes version 2 and its diff; a run against
 * a loopback server; a curl command imported into a draft; a custom script checked by k6.
 */
describe('plan editor', { timeout: RUN_TIMEOUT_MS + 240_000 }, () => {
  let target: LoopbackTarget;
  let tab: BrowserTab;
  let page: Page;
  let session: ApiSession;
  const pageErrors: string[] = [];
  const stamp = uniqueStamp();
  const secret = `s3cret-${stamp}`;
  let planId = '';

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(5);
    session = await signUpViaApi(`editor-${stamp}`);
    tab = await openBrowserTab(pageErrors, { signedInAs: session });
    ({ page } = tab);
  });

  after(async () => {
    await tab?.close();
    await target?.close();
  });

  async function failing<T>(name: string, t: { diagnostic(message: string): void }, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      await screenshot(page, `99-${name}-failure`).catch(() => undefined);
      t.diagnostic(`failed at ${page.url()} (base ${BASE_URL}); screenshot in e2e/artifacts/99-${name}-failure.png`);
      throw error;
    }
  }

  it('builds a two-scenario sequential plan with a captured token, a secret, a check and a status-share threshold', async (t) => {
    await failing('plan-editor', t, async () => {
      const targets = new TargetsPage(page);
      await targets.goto();
      await targets.createTarget({ name: 'loopback', baseUrl: target.baseUrl, variables: { API_KEY: secret } });
      assert.deepEqual(await targets.chips('loopback'), ['{{vars.API_KEY}}']);
      assert.ok(!(await page.content()).includes(secret), 'the secret value is never shown back');
      await screenshot(page, '40-target-with-variable');

      const form = new PlanFormPage(page);
      await form.goto();
      await form.setBasics(`checkout flow ${stamp}`, 'loopback');
      await form.setScenario(1, { name: 'warmup', think: { min: '20ms', max: '40ms' } });
      await form.setConstantLoad(2, '3s', 1);
      await form.setRequest(0, { name: 'ping', method: 'GET', path: '/ping', expectedStatuses: '200' }, 1);

      await form.addScenario();
      assert.equal(await form.scenarioCount(), 2);
      await form.setScenario(2, { name: 'checkout', flow: 'sequence', startAfterPrevious: true, think: { min: '20ms', max: '40ms' } });
      await form.setRampingLoad(
        1,
        [
          { duration: '2s', target: 2 },
          { duration: '2s', target: 2 },
        ],
        2,
      );
      await form.setRequestCount(2, 2);
      await form.setRequest(0, { name: 'login', method: 'POST', path: '/login', expectedStatuses: '200', json: '{"key": "{{vars.API_KEY}}"}' }, 2);
      await form.addStatusCheck(0, 200, 2);
      await form.addJsonCapture(0, 'token', 'data.token', 2);
      await form.setRequest(1, { name: 'order', method: 'GET', path: '/orders/{{token}}', expectedStatuses: '200' }, 2);
      await form.addHeader(1, 'X-Api-Key', '{{vars.API_KEY}}', 2);
      // The second request of the sequence is offered the capture and the target's variable.
      assert.deepEqual(await form.templateNames(1, 2), ['{{token}}', '{{vars.API_KEY}}']);

      // Beside the segments: the stack's one runner, which is also this installation's ceiling
      // (scripts/lib/stack.sh sets LOADLINE_MAX_RUNNERS to the runners it starts), and what 2
      // or 3 segments would do with it.
      assert.match(await form.runnerAvailability(), /^1 runner online, [01] free · at most 1 on this installation$/);
      await form.setSegments(2);
      await page.waitForFunction(() => document.querySelector('[data-testid="segments-notes"] li[data-kind="over-ceiling"]') !== null);
      assert.deepEqual(await form.segmentsNotes(), ['over-ceiling']);
      await form.setSegments(3);
      await page.waitForFunction(() => document.querySelector('[data-testid="segments-notes"] li[data-kind="too-few-vus"]') !== null);
      assert.deepEqual(await form.segmentsNotes(), ['over-ceiling', 'too-few-vus']);
      await form.setSegments(1);
      assert.deepEqual(await form.segmentsNotes(), []);

      await form.setThresholdCount(3);
      await form.setThreshold(0, { metric: 'latency', stat: 'p95', op: '<', value: 500 });
      await form.setThreshold(1, { metric: 'status_share', status: '5xx', op: '<', value: 1 });
      await form.setThreshold(2, { metric: 'check_rate', op: '>=', value: 99, request: 'login' });

      // The live chart: one line per scenario and their total; a stage edit redraws it.
      await form.loadProfile.scrollIntoViewIfNeeded();
      assert.deepEqual(await form.chartLines(), ['warmup · VUs', 'checkout · VUs', 'Total VUs']);
      const before = await form.chartFigures();
      const beforeImage = await form.chartImage();
      assert.deepEqual([before.peakVus, before.duration], ['2', '7 s']);
      await screenshot(page, '41-plan-editor-two-scenarios');
      await form.setStage(2, 2, { target: 5 });
      await page.waitForFunction(() => document.querySelector('[data-testid="plan-peak-vus"]')?.textContent?.trim() === '5');
      const afterEdit = await form.chartFigures();
      assert.equal(afterEdit.peakVus, '5', 'peak VUs follow the stage edit');
      assert.ok(!beforeImage.equals(await form.chartImage()), 'the chart was redrawn after the stage changed');
      await form.setStage(2, 2, { duration: '3s', target: 3 });
      await page.waitForFunction(() => document.querySelector('[data-testid="plan-duration"]')?.textContent?.trim() === '8 s');
      await screenshot(page, '42-load-chart-after-stage-edit');

      planId = await form.submit();
      t.diagnostic(`plan ${planId}`);
      const plan = new PlanPage(page);
      await plan.waitForLoaded();
      assert.deepEqual(await plan.scenarioNames(), ['warmup', 'checkout']);
      const script = await plan.scriptText();
      for (const expected of ['LOADLINE_BASE_URL', 'LOADLINE_VARS', '"checkout"', '"warmup"', 'login', 'order']) {
        assert.ok(script.includes(expected), `the script preview mentions ${expected}`);
      }
      assert.ok(!script.includes(secret) && !script.includes(target.baseUrl), 'the script holds neither the secret nor the address');
      const download = await plan.downloadScript();
      assert.match(download.suggestedFilename(), /^checkout-flow-.*-v1\.js$/);
      const exported = await apiCall<{ script: string }>('GET', `/plans/${planId}/script`, session.token);
      assert.equal(await readFile(await download.path(), 'utf8'), exported.body.script, 'the download is the exact script');
      await screenshot(page, '43-plan-page-script-preview');
    });
  });

  it('edits the plan into version 2 and shows what changed', async (t) => {
    await failing('plan-edit', t, async () => {
      const plan = new PlanPage(page);
      await plan.goto(planId);
      await plan.edit();
      const form = new PlanFormPage(page);
      assert.equal(await form.scenarioCount(), 2, 'the editor loads both scenarios of the current version');
      await form.scenario(1).getByLabel('Virtual users', { exact: true }).fill('3');
      await screenshot(page, '44-plan-edit');
      await form.submit();
      assert.equal(await plan.notice(), 'Saved as version 2.');
      assert.deepEqual(await plan.versions(), [
        { version: 2, current: true },
        { version: 1, current: false },
      ]);
      const rows = await plan.diffRows();
      // In words, one name per line: not the raw path and JSON.
      assert.deepEqual(rows, [{ path: 'scenarios.0.load.vus', kind: 'changed', words: 'scenario warmup: VUs 2 → 3' }]);
      await page.getByTestId('plan-diff').scrollIntoViewIfNeeded();
      await screenshot(page, '45-plan-versions-diff');
    });
  });

  it('runs the plan against the loopback server: both scenarios, the token and the secret arrive, thresholds pass', async (t) => {
    await failing('plan-run', t, async () => {
      const plan = new PlanPage(page);
      await plan.goto(planId);
      const runId = await plan.runNow();
      t.diagnostic(`run ${runId}`);
      const run = new RunPage(page);
      const final = await run.waitForTerminal(RUN_TIMEOUT_MS);
      await run.verdictBanner.waitFor();
      await screenshot(page, '46-plan-run-finished');
      assert.equal(final, 'PASSED', `run ended ${final}: ${(await run.errorText()) ?? 'no error message'}`);
      for (const name of ['ping', 'login', 'order']) assert.ok((await run.requestCount(name)) > 0, `report row ${name} has requests`);
      assert.deepEqual(await run.thresholdVerdicts(), ['PASS', 'PASS', 'PASS']);

      const orders = target.seen.filter((request) => request.path.startsWith('/orders/'));
      const logins = target.seen.filter((request) => request.path === '/login');
      assert.ok(orders.length > 0 && logins.length > 0, `the loopback target saw ${logins.length} logins and ${orders.length} orders`);
      assert.ok(
        orders.every((request) => /^\/orders\/tok-\d+$/.test(request.path)),
        'every order used a captured token',
      );
      assert.ok(
        orders.every((request) => request.apiKey === secret),
        'every order sent the target’s secret variable',
      );
      assert.ok(
        logins.every((request) => JSON.parse(request.body).key === secret),
        'the JSON body carried the secret',
      );
      // Sequential: the checkout scenario starts when warmup's 3 s end.
      const firstPing = target.seen.findIndex((request) => request.path === '/ping');
      const firstLogin = target.seen.findIndex((request) => request.path === '/login');
      assert.ok(firstPing >= 0 && firstPing < firstLogin, 'warmup ran before checkout');
    });
  });

  it('imports a curl command into a draft and saves it', async (t) => {
    await failing('plan-import', t, async () => {
      const importer = new ImportPage(page);
      await importer.goto();
      await importer.read('curl', `curl -X POST '${target.baseUrl}/orders?src=import' -H 'content-type: application/json' -d '{"sku":"A1","qty":2}'`);
      assert.deepEqual(await importer.requests(), ['POST /orders (POST orders)']);
      assert.match(await importer.selectedTargetLabel(), /^loopback — /, 'the existing target with the same base URL is picked');
      await screenshot(page, '47-import-draft');
      await importer.openWithExistingTarget();
      const form = new PlanFormPage(page);
      const request = form.request(0);
      assert.equal(await request.getByLabel('Method', { exact: true }).inputValue(), 'POST');
      assert.equal(await request.getByLabel('Path', { exact: true }).inputValue(), '/orders');
      assert.deepEqual(JSON.parse(await request.getByLabel('JSON body', { exact: true }).inputValue()), { sku: 'A1', qty: 2 });
      await form.form.getByLabel('Plan name', { exact: true }).fill(`imported ${stamp}`);
      await screenshot(page, '48-import-in-editor');
      const imported = await form.submit();
      const { body } = await apiCall<{ spec: { scenarios: { requests: { query: Record<string, string> }[] }[] } }>('GET', `/plans/${imported}`, session.token);
      assert.deepEqual(body.spec.scenarios[0]!.requests[0]!.query, { src: 'import' });
    });
  });

  it('checks a custom script with k6 and shows its error at the line', async (t) => {
    await failing('plan-script', t, async () => {
      const form = new PlanFormPage(page);
      await form.goto();
      await form.setBasics(`scripted ${stamp}`, 'loopback');
      const broken = [
        "import http from 'k6/http';",
        "export const options = { vus: 1, duration: '2s' };",
        'export default function () {',
        '  http.get(`${__ENV.LOADLINE_BASE_URL}/script` +);',
        '}',
        '',
      ].join('\n');
      await form.useScript(broken);
      assert.match(await page.getByTestId('script-env').innerText(), /LOADLINE_BASE_URL[\s\S]*LOADLINE_HEADERS[\s\S]*LOADLINE_VARS[\s\S]*API_KEY/);
      const failure = await form.checkScript();
      assert.match(failure, /k6 cannot run this script \(line 4/);
      assert.deepEqual(await form.markedLines(), [4]);
      await screenshot(page, '49-custom-script-error');
      await form.form.getByLabel('Script', { exact: true }).fill(broken.replace(' +);', ');'));
      assert.match(await form.checkScript(), /k6 can run this script[\s\S]*up to 1 VUs/);
      const scripted = await form.submit();
      const plan = new PlanPage(page);
      await plan.waitForLoaded();
      assert.match(await plan.scriptText(), /\/script/);
      t.diagnostic(`script plan ${scripted}`);
    });
  });

  it('says when a run is too big for an unverified target, with a link to verify it', async (t) => {
    await failing('plan-unverified', t, async () => {
      const targets = await apiCall<{ items: { id: string; name: string }[] }>('GET', '/targets', session.token);
      const targetId = targets.body.items.find((item) => item.name === 'loopback')!.id;
      const big = await apiCall<{ id: string }>('POST', '/plans', session.token, {
        name: `too big ${stamp}`,
        targetId,
        scenarios: [{ name: 'big', load: { executor: 'constant-vus', vus: 50, duration: '5s' }, requests: [{ name: 'big ping', path: '/ping' }] }],
      });
      assert.equal(big.status, 201);
      const plan = new PlanPage(page);
      await plan.goto(big.body.id);
      const refused = await plan.runRefused();
      assert.equal(refused.code, 'TARGET_UNVERIFIED');
      assert.match(refused.text, /not verified/);
      await screenshot(page, '50-target-unverified');
      await page.getByTestId('verify-target-link').click();
      await page.getByTestId('verification').waitFor();
      assert.equal(await page.getByTestId('verification').getAttribute('data-verified'), 'false');
      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
    });
  });

  it('edits a target’s secrets, verifies it over HTTP, and names a refused address under the base URL', async (t) => {
    const owned = await startLoopbackTarget(1);
    try {
      await failing('target-edit', t, async () => {
        const targets = new TargetsPage(page);
        await targets.goto();
        await targets.createTarget({ name: 'owned', baseUrl: owned.baseUrl, headers: { 'X-Team': 'checkout' }, variables: { OLD: 'o', KEEP: 'k' } });
        const targetPage = new TargetPage(page);
        await targetPage.open('owned');
        assert.deepEqual((await targetPage.stored('variables')).sort(), ['KEEP', 'OLD']);
        await targetPage.replace('headers', 'X-Team', 'payments');
        await targetPage.remove('variables', 'OLD');
        await targetPage.add('variables', 'NEW', 'n');
        await targetPage.save();
        assert.deepEqual((await targetPage.stored('variables')).sort(), ['KEEP', 'NEW']);
        assert.deepEqual(await targetPage.stored('headers'), ['X-Team']);

        const failure = await targetPage.verify();
        // One line per method tried: HTTP only, since the host is an IP address (no TXT record to look up).
        assert.equal(failure.length, 1, `one line per method: ${failure.join(' | ')}`);
        assert.match(failure[0]!, /^HTTP: .*404/);
        await screenshot(page, '51-target-verification-failed');
        owned.verificationValue = await targetPage.verificationValue();
        assert.deepEqual(await targetPage.verify(), []);
        assert.equal(await targetPage.verified(), true);
        await screenshot(page, '52-target-verified');

        await targets.goto();
        const form = page.getByRole('form', { name: 'New target' });
        await form.getByLabel('Name', { exact: true }).fill('metadata');
        await form.getByLabel('Base URL', { exact: true }).fill('http://169.254.169.254');
        await form.getByRole('button', { name: 'Create target' }).click();
        const message = page.locator('#field-baseUrl-error');
        await message.waitFor();
        assert.match(await message.innerText(), /169\.254\.169\.254.*metadata/);
        await screenshot(page, '53-target-address-refused');
      });
    } finally {
      await owned.close();
    }
  });
});
