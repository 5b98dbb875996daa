import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { PublicSharePage, SharesPage } from '../pages/ReportPages.js';
import { RunPage } from '../pages/RunPage.js';
import { TargetPage } from '../pages/TargetPage.js';
import { TelemetryView } from '../pages/TelemetryView.js';
import { horizontalOverflow, seriousAccessibilityViolations } from '../support/accessibility.js';
import { waitForApi } from '../support/api.js';
import { PHONE, newContext, openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { startMetricsTarget, type MetricsTarget } from '../support/metrics-target.js';
import { apiCall, createTargetViaApi, signUpViaApi, type ApiSession } from '../support/setup.js';

/** Long enough for a steady stretch the backlog rule reads (10 s), short enough for CI. */
const LOAD_SECONDS = 12;

async function createPlan(session: ApiSession, name: string, targetId: string): Promise<string> {
  const { status, body } = await apiCall<{ id: string }>('POST', '/plans', session.token, {
    name,
    targetId,
    load: { executor: 'constant-vus', vus: 2, duration: `${LOAD_SECONDS}s` },
    requests: [{ name: 'work', path: '/work' }],
    thresholds: [{ metric: 'error_rate', op: '<', value: 0.5 }],
  });
  assert.equal(status, 201, `plan not created: ${JSON.stringify(body)}`);
  return body.id;
}

/**
 * Target telemetry, end to end (issue 28): a loopback target that serves its own /metrics
 * (a CPU counter busy while requests are in flight, a start time, a queue that each request
 * feeds and a worker drains at 10/s); a scrape source added on the target page (a refused
 * address first, shown at its field); a run; the report's telemetry chart and findings; a
 * share link whose page shows the same without the source's URL or token.
 */
describe('target telemetry', { timeout: RUN_TIMEOUT_MS + 180_000 }, () => {
  let target: MetricsTarget;
  let tab: BrowserTab;
  let browser: Browser;
  let page: Page;
  let session: ApiSession;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startMetricsTarget({ delayMs: 20, drainPerSecond: 10 });
    session = await signUpViaApi(`tel-${uniqueStamp()}`);
    tab = await openBrowserTab(pageErrors, { signedInAs: session });
    ({ browser, page } = tab);
  });

  after(async () => {
    await tab?.close();
    await target?.close();
  });

  it('adds a metric source, runs, and shows the target’s metrics and findings on the report and the share page', async (t) => {
    const stamp = uniqueStamp();
    const token = `e2e-scrape-token-${stamp}`;
    try {
      const targetId = await createTargetViaApi(session, 'queue service', target.baseUrl);
      const targetPage = new TargetPage(page);
      await targetPage.goto(targetId);
      await page.getByTestId('no-sources').waitFor();

      // Another loopback host than the target's, and the target is not verified: refused, at the URL field.
      const foreign = target.metricsUrl.replace('127.0.0.1', '127.0.0.2');
      await targetPage.fillScrapeSource({ name: 'api', url: foreign, presets: ['process', 'queue'], cpuCores: 1, bearer: token });
      assert.equal(await targetPage.submitSource(), 422);
      assert.match((await targetPage.sourceFieldError('url')) ?? '', /not the target's host 127\.0\.0\.1.*not verified/);
      assert.match((await targetPage.sourceFormError()) ?? '', /^The metric source at 127\.0\.0\.2 may not be read/);
      // The schema's own check, before anything is sent: a selector that is not one, on its line.
      await targetPage.fillScrapeSource({
        name: 'api',
        url: target.metricsUrl,
        presets: ['process', 'queue'],
        selectors: ['jobs_queue_depth', '9 not a metric'],
        cpuCores: 1,
        bearer: token,
      });
      await page.getByRole('form', { name: 'New metric source' }).getByRole('button', { name: 'Add source' }).click();
      assert.match((await targetPage.sourceFieldError('selectors')) ?? '', /^Line 2: A metric name/);

      // The target's own host: accepted. Listed with its kind, URL, presets and the credentials' kind only.
      await targetPage.fillScrapeSource({ name: 'api', url: target.metricsUrl, presets: ['process', 'queue'], cpuCores: 1, bearer: token });
      assert.equal(await targetPage.submitSource(), 201);
      await targetPage.sources.getByTestId('source-api').waitFor();
      // Edited with its token left blank: the sealed token is kept (the runner's reads below carry it).
      assert.equal(await targetPage.editSource('api', {}), 200);
      // A second one, edited (renamed, given cores), then removed again: the run reads only "api".
      await targetPage.fillScrapeSource({ name: 'spare', url: target.metricsUrl });
      assert.equal(await targetPage.submitSource(), 201);
      await targetPage.sources.getByTestId('source-spare').waitFor();
      assert.equal(await targetPage.editSource('spare', { name: 'spare-2', cpuCores: 2 }), 200);
      assert.match(
        (await targetPage.listedSources()).find((source) => source.name === 'spare-2')?.summary ?? '',
        /presets: process · no credentials · 2 cores/,
      );
      await targetPage.removeSource('spare-2');
      const listed = await targetPage.listedSources();
      assert.deepEqual(
        listed.map((source) => [source.name, source.kind, source.url]),
        [['api', 'scrape', target.metricsUrl]],
      );
      assert.match(listed[0]!.summary, /presets: process, queue · bearer token · 1 core/);
      assert.ok(!(await page.content()).includes(token), 'the token is never shown again');
      await screenshot(page, '80-metric-sources');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);

      // On a phone, the form of a PromQL source (queries of three fields a row) fits the screen.
      const phone = await newContext(browser, PHONE);
      await phone.addCookies(await tab.context.cookies());
      const phonePage = await phone.newPage();
      const phoneTarget = new TargetPage(phonePage);
      await phoneTarget.goto(targetId);
      await phoneTarget.openSourceForm('promql');
      await phonePage.getByRole('button', { name: '+ Add query' }).click();
      await phonePage.getByRole('group', { name: 'Query 2' }).waitFor();
      await screenshot(phonePage, '80b-phone-promql-source');
      assert.ok((await horizontalOverflow(phonePage)) <= 0, `the target page scrolls sideways on a phone by ${await horizontalOverflow(phonePage)} px`);
      assert.deepEqual(await seriousAccessibilityViolations(phonePage), [], `axe on ${phonePage.url()} (phone)`);
      await phone.close();

      // A run of steady load, with two thresholds on the target's telemetry added in the editor:
      // the api never restarts, and its queue (fed by every request, drained 10 a second) must not grow.
      const planId = await createPlan(session, `telemetry ${stamp}`, targetId);
      const plan = new PlanPage(page);
      await plan.goto(planId);
      await plan.edit();
      const form = new PlanFormPage(page);
      await form.setThresholdCount(3);
      await form.setThreshold(1, { metric: 'telemetry', source: 'api', figure: 'Restarts', op: '<', value: 1 });
      await form.setThreshold(2, { metric: 'telemetry', figure: 'Backlog growth (steady load)', op: '<', value: 1 });
      await page.getByRole('group', { name: 'Threshold 2', exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, '80d-telemetry-thresholds');
      await form.submit();
      assert.equal(await plan.notice(), 'Saved as version 2.');
      const planned = await apiCall<{ spec: { thresholds: unknown[] } }>('GET', `/plans/${planId}`, session.token);
      assert.deepEqual(planned.body.spec.thresholds.slice(1), [
        { metric: 'telemetry', source: 'api', figure: 'restarts', op: '<', value: 1 },
        { metric: 'telemetry', figure: 'backlog_growth', op: '<', value: 1 },
      ]);
      const runId = await plan.runNow();
      const run = new RunPage(page);
      await run.statusBadge.waitFor();
      await run.waitForStatusAtLeast('RUNNING', RUN_TIMEOUT_MS);
      // Live: the source's chart appears while the load still runs (the telemetry is read again every few seconds).
      let liveChart = false;
      while (!liveChart && !['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'].includes(await run.status())) {
        liveChart = (await run.liveProgress.count()) > 0 && (await page.getByTestId('telemetry-source-api').locator('canvas').count()) > 0;
        if (!liveChart) await page.waitForTimeout(250);
      }
      assert.ok(liveChart, 'the target’s metrics were charted in the live view');
      await screenshot(page, '80c-telemetry-live');
      const status = await run.waitForTerminal(RUN_TIMEOUT_MS);
      // The growing backlog fails the run, however fast its HTTP answers were.
      assert.equal(status, 'FAILED', `run ${status}: ${(await run.errorText()) ?? ''}`);
      const verdicts = await run.thresholdVerdicts();
      assert.deepEqual(verdicts.slice(1), ['PASS', 'FAIL'], `telemetry thresholds: ${verdicts.join(', ')}`);
      const requirements = await page.locator('[data-testid^="threshold-row-"] th').allInnerTexts();
      assert.match(requirements[1] ?? '', /^restarts of api < 1 restart/);
      assert.match(requirements[2] ?? '', /^backlog growth < 1 jobs\/s/);
      t.diagnostic(`run ${runId} ${status}; ${target.requests} requests, ${target.scrapes.length} scrapes, queue at ${target.queueDepth}`);
      // Ground truth: the runner read the target's /metrics, with the source's token.
      assert.ok(target.scrapes.length >= LOAD_SECONDS, `scraped ${target.scrapes.length} times`);
      assert.ok(
        target.scrapes.every((authorization) => authorization === `Bearer ${token}`),
        'every scrape carried the bearer token',
      );

      // The report: findings in words, and the chart of the source under the VUs.
      const telemetry = new TelemetryView(page);
      const findings = await telemetry.findings();
      t.diagnostic(`findings: ${findings.map((finding) => `${finding.code}: ${finding.message}`).join(' | ')}`);
      const codes = findings.map((finding) => finding.code);
      // Busy whenever a request is in flight, against 1 core: at its ceiling while the load ran.
      assert.ok(codes.includes('TARGET_SATURATED'), `saturation found: ${codes.join(', ')}`);
      assert.match(findings.find((finding) => finding.code === 'TARGET_SATURATED')!.title, /^api: Saturated/);
      // Every request enqueues a job and only 10 a second are taken: the queue grew while the load held.
      assert.ok(codes.includes('BACKLOG_GROWING'), `backlog found: ${codes.join(', ')}`);
      assert.ok(
        (await telemetry.bottleneckComponents()).some((component) => component.startsWith('api')),
        'api in the bottleneck table',
      );
      const charts = await telemetry.sourceCharts('api');
      t.diagnostic(`charts: ${JSON.stringify(charts)}`);
      const cores = charts.find((chart) => chart.unit === 'cores');
      const count = charts.find((chart) => chart.unit === 'count');
      assert.ok(cores && cores.legend.includes('CPU (cores)') && cores.legend.includes('1 core (its limit)'), 'CPU against its 1 core');
      assert.ok(count && count.legend.includes('queue depth'), 'the queue depth');
      assert.ok(cores.points >= LOAD_SECONDS, `the CPU chart holds ${cores.points} seconds`);
      assert.equal(await telemetry.loadPoints(), cores.points, 'the VUs are drawn on the same seconds');
      await telemetry.card.scrollIntoViewIfNeeded();
      await screenshot(page, '81-telemetry-report');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);

      // Shared: the same findings and chart, and nothing of the source's address or token.
      const url = await new SharesPage(page).shareRun('7');
      const outsider = await newContext(browser);
      const publicPage = await outsider.newPage();
      publicPage.on('pageerror', (error) => pageErrors.push(`public: ${error.message}`));
      const answers: string[] = [];
      publicPage.on('response', (response) => {
        if (response.url().includes('/api/v1/public/')) void response.text().then((text) => answers.push(text));
      });
      await new PublicSharePage(publicPage).open(url);
      const shared = new TelemetryView(publicPage);
      const sharedCodes = (await shared.findings()).map((finding) => finding.code);
      assert.ok(sharedCodes.includes('TARGET_SATURATED') && sharedCodes.includes('BACKLOG_GROWING'), `shared findings: ${sharedCodes.join(', ')}`);
      const sharedCharts = await shared.sourceCharts('api');
      assert.deepEqual(
        sharedCharts.map((chart) => chart.unit),
        charts.map((chart) => chart.unit),
      );
      const port = new URL(target.baseUrl).port;
      const html = await publicPage.content();
      assert.ok(answers.length > 0, 'the public report was fetched');
      for (const text of [html, ...answers]) {
        assert.ok(!text.includes(token), 'no token on the share page');
        assert.ok(!text.includes(target.metricsUrl) && !text.includes(`127.0.0.1:${port}`), "no source URL or the target's address on the share page");
      }
      await screenshot(publicPage, '82-telemetry-shared');
      assert.deepEqual(await seriousAccessibilityViolations(publicPage), [], `axe on ${publicPage.url()}`);
      await outsider.close();
      assert.ok(url.startsWith(`${BASE_URL}/r/`));

      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
    } catch (error) {
      await screenshot(page, '99-telemetry-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()}; screenshot in e2e/artifacts/99-telemetry-failure.png`);
      throw error;
    }
  });
});
