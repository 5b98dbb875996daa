import assert from 'node:assert/strict';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pages/LoginPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { RunPage } from '../pages/RunPage.js';
import { TargetPage } from '../pages/TargetPage.js';
import { TargetsPage } from '../pages/TargetsPage.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { waitForApi } from '../support/api.js';
import { openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';
import { apiCall, createPlanViaApi, createTargetViaApi, signInContext, signUpViaApi, type ApiSession } from '../support/setup.js';

const REPO_ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/tests/') ? '../../../' : '../../', import.meta.url));
const run = promisify(execFile);

/** A port free on 127.0.0.1 now, for the demo target. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The first hour (issue 30): the demo that scripts/up.sh seeds is verified (the same demo
 * server and seed script, against this stack); verification offers only what works for an IP
 * address and copies its value; targets and plans are deleted after a question naming what
 * goes; a second target at one URL is warned of; pinning an INCONCLUSIVE run as the baseline
 * asks first, and a pin the network loses says so.
 */
describe('onboarding and trust', { timeout: 300_000 }, () => {
  let tab: BrowserTab;
  let page: Page;
  let session: ApiSession;
  let site: LoopbackTarget;
  let demo: ChildProcess | undefined;
  let demoDir: string;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    site = await startLoopbackTarget(50);
    session = await signUpViaApi(`onboard-${uniqueStamp()}`);
    tab = await openBrowserTab(pageErrors);
    page = tab.page;
    demoDir = mkdtempSync(join(tmpdir(), 'loadline-demo-'));
  });

  after(async () => {
    demo?.kill('SIGTERM');
    await tab?.close();
    await site?.close();
    rmSync(demoDir, { recursive: true, force: true });
  });

  it('verifies the demo target as scripts/up.sh seeds it', async () => {
    const port = await freePort();
    const file = join(demoDir, 'demo-verification.txt');
    const env = { ...process.env, LOADLINE_DEMO_PORT: String(port), LOADLINE_DEMO_VERIFICATION_FILE: file };
    demo = spawn(process.execPath, [join(REPO_ROOT, 'scripts/demo/demo-server.mjs')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      demo!.stdout!.once('data', () => resolve());
      demo!.once('exit', (code) => reject(new Error(`the demo target exited (${code})`)));
    });
    const seeded = await run(process.execPath, [join(REPO_ROOT, 'scripts/demo/seed.mjs')], {
      env: { ...env, LOADLINE_URL: BASE_URL, LOADLINE_DEMO_TARGET: `http://127.0.0.1:${port}` },
    });
    const credentials = JSON.parse(seeded.stdout) as { email: string; password: string; verified: boolean };
    assert.equal(credentials.verified, true, `the seed verified the demo target (stderr: ${seeded.stderr})`);

    // Signed in as the demo user, as up.sh prints it.
    const demoTab = await openBrowserTab(pageErrors, { errorLabel: 'demo' });
    try {
      const login = new LoginPage(demoTab.page);
      await login.goto();
      await login.logIn(credentials.email, credentials.password);
      const targets = new TargetsPage(demoTab.page);
      await targets.goto();
      const target = new TargetPage(demoTab.page);
      await target.open('Demo service');
      assert.equal(await target.verified(), true, 'the demo target is verified');
      // Verified over HTTP at the demo's own address: no DNS record is offered for 127.0.0.1.
      assert.equal((await target.dnsOffer()).offered, false);
      await screenshot(demoTab.page, '90-demo-target-verified');
      assert.deepEqual(await seriousAccessibilityViolations(demoTab.page), []);
    } finally {
      await demoTab.close();
    }
  });

  it('offers no DNS record for an IP address, and copies the value', async () => {
    await signInContext(tab.context, session);
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const targetId = await createTargetViaApi(session, `by address ${uniqueStamp()}`, site.baseUrl);
    const target = new TargetPage(page);
    await target.goto(targetId);
    const offer = await target.dnsOffer();
    assert.equal(offer.offered, false);
    assert.match(offer.note ?? '', /No DNS record is offered: the host is an IP address/);
    const value = await target.verificationValue();
    const copied = await target.copyValue();
    assert.deepEqual(copied, { text: 'Copied', name: 'Copied the verification value' });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), value);
    await screenshot(page, '91-verification-ip-copy');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);

    // The value works: served by the target, Verify passes (over HTTP, the only way offered).
    site.verificationValue = `${value}\n`;
    assert.deepEqual(await target.verify(), []);
    assert.equal(await target.verified(), true);
  });

  it('warns of a second target at one URL, and deletes a plan and a target after saying what goes', async () => {
    const stamp = uniqueStamp();
    const targets = new TargetsPage(page);
    await targets.goto();
    const first = `Checkout ${stamp}`;
    await targets.createTarget({ name: first, baseUrl: `${site.baseUrl}/checkout` });
    // The same URL again: said as it is typed, and again once created (allowed: two teams may share one).
    assert.match((await targets.typeBaseUrl(`${site.baseUrl}/checkout/`)) ?? '', new RegExp(`Another target already has this base URL: ${first}`));
    await targets.createTarget({ name: `Checkout copy ${stamp}`, baseUrl: `${site.baseUrl}/checkout/` });
    assert.match((await targets.createdWarnings()).join(' '), new RegExp(`Another target has this base URL: "${first}"`));

    const list = (await apiCall<{ items: { id: string; name: string }[] }>('GET', '/targets', session.token)).body.items;
    const targetId = list.find((target) => target.name === first)!.id;
    const planName = `Smoke ${stamp}`;
    const planId = await createPlanViaApi(session, planName, targetId);

    const target = new TargetPage(page);
    await target.goto(targetId);
    const targetQuestion = await target.askToDelete();
    assert.equal(
      targetQuestion,
      `Delete target “${first}”? The plan “${planName}” uses it and can no longer run until moved to another target. Its runs and their reports are kept.`,
    );
    await screenshot(page, '92-delete-target-question');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);
    await page.keyboard.press('Escape'); // not now: the plan goes first

    const plan = new PlanPage(page);
    await plan.goto(planId);
    assert.equal(
      await plan.askToDelete(),
      `Delete plan “${planName}” and its version? Its schedules and trigger URLs will no longer start runs. Its runs and their reports are kept.`,
    );
    await plan.confirmDelete();
    assert.equal((await apiCall('GET', `/plans/${planId}`, session.token)).status, 404);

    await target.goto(targetId);
    assert.equal(await target.askToDelete(), `Delete target “${first}”? No plan uses it. Its runs and their reports are kept.`);
    await target.confirmDelete();
    assert.match(await targets.deletedNotice(), new RegExp(`Target “${first}” deleted`));
    await targets.listed(first).waitFor({ state: 'detached' });
    assert.equal((await apiCall('GET', `/targets/${targetId}`, session.token)).status, 404);
  });

  it('asks before an INCONCLUSIVE run becomes the baseline, and says when the pin did not reach the API', async () => {
    const targetId = await createTargetViaApi(session, `Pin ${uniqueStamp()}`, site.baseUrl);
    // A p99 from a few dozen requests (1 VU, 3 s, 50 ms answers): too few samples for a verdict.
    const plan = await apiCall<{ id: string }>('POST', '/plans', session.token, {
      name: `Few samples ${uniqueStamp()}`,
      targetId,
      load: { executor: 'constant-vus', vus: 1, duration: '3s' },
      requests: [{ name: 'ping', path: '/ping' }],
      thresholds: [{ metric: 'latency', stat: 'p99', op: '<', value: 2000 }],
    });
    const started = await apiCall<{ run: { id: string } }>('POST', `/plans/${plan.body.id}/runs`, session.token);
    assert.equal(started.status, 202);
    const runPage = new RunPage(page);
    await runPage.goto(started.body.run.id);
    assert.equal(await runPage.waitForTerminal(RUN_TIMEOUT_MS), 'INCONCLUSIVE');

    const warning = await runPage.pressPinBaseline();
    assert.match(warning ?? '', /^This run is INCONCLUSIVE: its figures could not support a verdict/);
    await screenshot(page, '93-pin-inconclusive-warning');
    assert.deepEqual(await seriousAccessibilityViolations(page), []);

    // The network drops the pin: said in words, not swallowed.
    await page.route('**/api/v1/plans/*/baseline', (route) => route.abort('internetdisconnected'));
    await runPage.answerPinWarning('Pin it anyway');
    assert.match(await runPage.pinError(), /^Could not make this run the baseline: Could not reach the Loadline API/);
    await page.unroute('**/api/v1/plans/*/baseline');

    await runPage.pressPinBaseline();
    await runPage.answerPinWarning('Pin it anyway');
    await runPage.waitForPinned();
    const pinned = await apiCall<{ pinned: { runId: string } | null }>('GET', `/plans/${plan.body.id}/baseline`, session.token);
    assert.equal(pinned.body.pinned?.runId, started.body.run.id);
    assert.deepEqual(pageErrors, []);
  });
});
