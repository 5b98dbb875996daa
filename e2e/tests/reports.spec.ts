import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PlanFormPage } from '../pages/PlanFormPage.js';
import { PlanPage } from '../pages/PlanPage.js';
import { ComparePage, DashboardPage, PublicSharePage, SharesPage, TrendsPage } from '../pages/ReportPages.js';
import { PlansListPage, RunsListPage } from '../pages/ListPages.js';
import { RunPage } from '../pages/RunPage.js';
import { SignupPage } from '../pages/SignupPage.js';
import { TargetsPage } from '../pages/TargetsPage.js';
import { waitForApi } from '../support/api.js';
import { PHONE, newContext, screenshot, openBrowserTab, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { BASE_URL, RUN_TIMEOUT_MS } from '../support/env.js';
import { observeLive } from '../support/live.js';
import { horizontalOverflow, seriousAccessibilityViolations } from '../support/accessibility.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';

const MEASURED = ['PASSED', 'INCONCLUSIVE'];
const VERDICT: Record<string, string> = { PASSED: 'PASS', INCONCLUSIVE: 'INCONCLUSIVE' };

/**
 * Reports, end to end: sign up, a loopback target and a plan, two runs; the report (exports,
 * version, script), the trend with two points, the comparison of the two runs, a share link
 * opened in a logged-out browser, revoked and then "not found"; the dashboard's verdicts.
 */
describe('reports', { timeout: RUN_TIMEOUT_MS * 2 + 180_000 }, () => {
  let target: LoopbackTarget;
  let tab: BrowserTab;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(10);
    tab = await openBrowserTab(pageErrors);
    ({ browser, context, page } = tab);
  });

  after(async () => {
    await tab?.close();
    await target?.close();
  });

  it('reads a report, follows the trend over two runs, compares them and shares one publicly until revoked', async (t) => {
    const stamp = uniqueStamp();
    const planName = `reports ${stamp}`;
    try {
      await new SignupPage(page).goto();
      await new SignupPage(page).signUp({
        name: 'E2E Reporter',
        email: `e2e-rep-${stamp}@example.test`,
        password: 'correct horse battery staple',
        organizationName: `E2E reports ${stamp}`,
      });
      const targets = new TargetsPage(page);
      await targets.goto();
      await targets.createTarget({ name: 'loopback', baseUrl: target.baseUrl });

      const form = new PlanFormPage(page);
      await form.goto();
      await form.setBasics(planName, 'loopback');
      // Long enough for a comparison to judge changes (at least 5 seconds a run).
      await form.setConstantLoad(2, '6s');
      await form.setRequestCount(1);
      await form.setRequest(0, { name: 'ping', method: 'GET', path: '/ping', expectedStatuses: '200' });
      await form.setThresholdCount(3);
      await form.setThreshold(0, { metric: 'latency', stat: 'p95', op: '<', value: 500 });
      await form.setThreshold(1, { metric: 'error_rate', op: '<', value: 1 });
      // Relative to the baseline, generous: a busy machine's noise must not fail it, only judge it.
      await form.setThreshold(2, { metric: 'latency', stat: 'p95', op: '<=', value: 300, relative: true });
      const planId = await form.submit();
      t.diagnostic(`plan ${planId}`);

      // First run, watched live.
      const plan = new PlanPage(page);
      await plan.waitForLoaded();
      const firstRun = await plan.runNow();
      const run = new RunPage(page);
      await run.statusBadge.waitFor();
      await run.waitForStatusAtLeast('RUNNING', RUN_TIMEOUT_MS);
      const seen = await observeLive(run, 30_000, (s) => s.chartPoints >= 2);
      if (seen.lastStatus === 'RUNNING') await screenshot(page, '60-live-view');
      // A busy 2-core machine can saturate the generator: INCONCLUSIVE is an honest outcome too.
      const firstStatus = await run.waitForTerminal(RUN_TIMEOUT_MS);
      assert.ok(MEASURED.includes(firstStatus), `first run ${firstStatus}: ${(await run.errorText()) ?? ''}`);
      await run.charts.waitFor();
      // The first run has no baseline: its relative threshold says so and is left out of the verdict.
      assert.match(await page.getByTestId('threshold-row-2').innerText(), /p95 <= 300 % of baseline[\s\S]*not judged, there is no baseline/);

      // The report: exports, the version that ran and its script.
      const exports = await page
        .getByTestId('report-actions')
        .locator('a[download]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      assert.deepEqual(
        exports,
        ['json', 'csv', 'junit'].map((format) => `/api/v1/runs/${firstRun}/export?format=${format}`),
      );
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      assert.match(csv.suggestedFilename(), /\.csv$/);
      assert.equal(await page.getByTestId('run-plan-version').getAttribute('href'), `/plans/${planId}?version=1`);
      await page.getByTestId('run-script').getByTestId('script-preview').waitFor();
      assert.match(await page.getByTestId('run-script').getByTestId('script-preview').innerText(), /ping/);
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('.topbar').isVisible(), false, 'print hides the navigation');
      assert.equal(await page.getByTestId('report-actions').isVisible(), false, 'print hides the buttons');
      await page.emulateMedia({ media: 'screen' });
      await screenshot(page, '61-report');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);

      // Second run, labelled as a CI job would label it (the first has none).
      await plan.goto(planId);
      // The plan's page puts its runs before its k6 script, and folds the script.
      await plan.waitForLoaded();
      const cards = await plan.cardTitles();
      const runsCard = cards.indexOf('Runs');
      const scriptCard = cards.findIndex((title) => title.startsWith('k6 script'));
      assert.ok(runsCard >= 0 && scriptCard > runsCard, `cards in order: ${cards.join(', ')}`);
      assert.equal(await plan.scriptFolded(), true, 'the script is folded until asked for');
      const secondRun = await plan.runNow('commit=e2e2nd env=e2e');
      await run.statusBadge.waitFor();
      const secondStatus = await run.waitForTerminal(RUN_TIMEOUT_MS);
      assert.ok(MEASURED.includes(secondStatus), `second run ${secondStatus}: ${(await run.errorText()) ?? ''}`);
      t.diagnostic(`runs: ${firstStatus}, ${secondStatus}`);

      // The trend: two points, thresholds drawn, a click opens the run.
      const trends = new TrendsPage(page);
      await trends.goto(planId);
      assert.equal(await trends.points(), 2);
      assert.ok((await trends.canvases()) >= 3, 'latency, error and throughput charts are drawn');
      // The plan's baseline is asked for beside the trend: the chart marks it once it is there.
      await page.getByTestId('trend-baseline').waitFor();
      const legend = await trends.latencyLegend();
      assert.ok(legend.includes('p95') && legend.some((label) => label.startsWith('Threshold: p95 < 500')), `legend: ${legend.join(', ')}`);
      // Two runs are too few to tell a step from noise: the trend says so, and how many it needs.
      // (A doubtful run, e.g. INCONCLUSIVE on a saturated generator, is left out and said to be.)
      assert.match(
        await trends.changePointsText(),
        /^(2 runs so far|One run so far \(1 doubtful run left out\)|No run to use \(2 doubtful runs left out\)): .* only with at least 6 runs/,
      );
      // No point is drawn above the top label of its axis, on any chart of the trend.
      for (const id of await trends.chartIds()) {
        for (const [scale, { top, highest }] of Object.entries(await trends.yScales(id))) {
          if (highest !== null) assert.ok(highest <= top, `${id}: the highest ${scale} point ${highest} is above the top label ${top}`);
        }
      }
      // The plan's baseline (its last passed run) is marked on the chart and in the list of runs.
      const lastPassed = secondStatus === 'PASSED' ? secondRun : firstStatus === 'PASSED' ? firstRun : null;
      if (lastPassed) {
        assert.ok(legend.includes('Baseline run'), `legend: ${legend.join(', ')}`);
        await page.getByTestId(`trend-run-${lastPassed}`).getByTestId('trend-baseline-run').waitFor();
      }
      assert.match(
        await page.getByTestId('trend-baseline').innerText(),
        lastPassed ? /^Baseline: the last passed run of this load/ : /^Baseline: no run of this load has passed yet/,
      );
      await screenshot(page, '62-trend');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);
      // Trends filtered by label: only the labelled run; its labels in the list of runs.
      assert.deepEqual(await trends.runLabels(), ['commit=e2e2nd env=e2e', 'none']);
      await trends.filterByLabel('commit=e2e2nd');
      assert.equal(await trends.points(), 1);
      assert.deepEqual(await trends.runLabels(), ['commit=e2e2nd env=e2e']);
      assert.match(
        await trends.changePointsText(),
        /^(One run so far|No run to use \(1 doubtful run left out\)): .* at least 6 runs/,
        'one run does not claim that no step stands out',
      );
      // Days are typed and shown as the app writes them, not mm/dd/yyyy.
      assert.equal(await trends.typeFromDay('2026-01-05'), 'Jan 5, 2026');
      assert.equal(await trends.typeFromDay('Feb 3 2026'), 'Feb 3, 2026');
      await trends.typeFromDay('13/45/2026');
      assert.match(await page.getByRole('form', { name: 'Date range' }).locator('.field__error').innerText(), /Write a day like Nov 26, 2026/);
      await trends.goto(planId);
      assert.equal(await trends.points(), 2, 'all runs again without the label');
      await trends.clickPoint(1, 2);
      assert.equal(new URL(page.url()).pathname, `/runs/${secondRun}`);
      // The run page states what the run measured: its labels, plan, target and the builds.
      assert.match(
        await page.getByTestId('run-provenance').innerText(),
        /commit=e2e2nd, env=e2e[\s\S]*v1 \(content [0-9a-f]{12}\)[\s\S]*k6 v\d+\.\d+\.\d+ on 1 runner/,
      );

      // Compare from the trends page, and from the run page.
      await trends.goto(planId);
      await trends.compare(firstRun, secondRun);
      const compare = new ComparePage(page);
      await compare.waitForLoaded();
      const rows = await compare.overall();
      t.diagnostic(`compare: ${rows.map((row) => `${row.metric} ${row.delta} ${row.deltaPct} ${row.word}`).join('; ')}`);
      assert.deepEqual(
        rows.map((row) => row.metric),
        ['count', 'rps', 'errorRate', 'avg', 'p50', 'p90', 'p95', 'p99', 'max', 'responseBytesAvg', 'responseBytesP95'],
      );
      const p95 = rows.find((row) => row.metric === 'p95')!;
      assert.ok(['improvement', 'regression', 'unchanged'].includes(p95.change));
      assert.match(p95.word, /Better|Worse|Within noise/);
      assert.match(p95.delta, /ms$/);
      // Same version and load; only the labels differ, and the comparison says so.
      // (A run INCONCLUSIVE on a busy machine is also flagged DOUBTFUL_RUN: allowed, like INCONCLUSIVE itself above.)
      assert.deepEqual(
        (await compare.warnings()).filter((code) => code !== 'DOUBTFUL_RUN'),
        ['DIFFERENT_LABELS'],
        'two runs of the same version compare like for like but for their labels',
      );
      assert.match(await page.getByTestId('compare-warnings').innerText(), /commit \(none\) → e2e2nd; env \(none\) → e2e/);
      // Both runs overlaid on one time axis: base and head lines, each with the seconds it measured.
      const overlay = await compare.chartSeries('whole');
      assert.ok(overlay.baseSeconds >= 3 && overlay.headSeconds >= 3, `seconds drawn: base ${overlay.baseSeconds}, head ${overlay.headSeconds}`);
      assert.deepEqual(overlay.latency, ['Base p95', 'Head p95', 'Base p50', 'Head p50']);
      assert.deepEqual(overlay.throughput, ['Base req/s', 'Head req/s']);
      assert.equal(await compare.chartCanvases('whole'), 2, 'latency and throughput are drawn');
      // The reading rule is explained where latencies were judged, and a large "within noise" says why.
      assert.match(await compare.readingRule(), /read from histograms to within 0.5 %/);
      for (const row of await compare.withinNoiseRows()) {
        const percent = Number.parseFloat(row.deltaPct.replace('−', '-').replace('+', ''));
        // The page explains changes of 2 % or more; a shown "−2 %" may be a rounded −1.6 %.
        if (Math.abs(percent) > 2.5) assert.match(row.reason, /^[−+][\d.,]+ %, but its 95 % interval /, `a ${row.deltaPct} change within noise says why`);
      }
      await screenshot(page, '63-compare');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);

      // The second run against the plan's baseline: the first run if it passed, or none yet.
      await run.goto(secondRun);
      const baselineCard = page.getByTestId('baseline-card');
      await page.getByTestId('baseline-message').waitFor();
      const baselineText = (await page.getByTestId('baseline-message').innerText()).trim();
      t.diagnostic(`baseline: ${baselineText}`);
      assert.match(baselineText, firstStatus === 'PASSED' ? /^Against the last passed run of this load/ : /^No earlier run of this load passed/);
      if (firstStatus === 'PASSED')
        assert.ok((await baselineCard.locator('[data-testid="baseline-findings"] li').count()) >= 3, 'key figures against the baseline');
      // Its relative threshold judged against that baseline, with the ratio's interval and a link to the baseline run.
      const relative = page.getByTestId('threshold-row-2');
      t.diagnostic(`relative threshold: ${await relative.getAttribute('data-verdict')}: ${await relative.locator('.explanation').innerText()}`);
      if (firstStatus === 'PASSED') {
        assert.match(
          await relative.locator('.explanation').innerText(),
          /^p95 \d[\d.,]* % of baseline \(95 % CI [\d.,]+ % to [\d.,]+ %(, widened to [^;]+)?; /,
        );
        assert.equal(await relative.getByTestId('threshold-baseline').getByRole('link').getAttribute('href'), `/runs/${firstRun}`);
      } else {
        assert.match(await relative.locator('.explanation').innerText(), /not judged, there is no baseline/);
      }
      await baselineCard.scrollIntoViewIfNeeded();
      await screenshot(page, '63b-baseline');
      await page.getByTestId('compare-with').click();
      await page.getByTestId('compare-base-select').selectOption(firstRun);
      await page.getByTestId('compare-go').click();
      await compare.waitForLoaded();
      assert.deepEqual(await compare.baseAndHead(), { base: firstRun, head: secondRun });

      // The Runs list, from the navigation: filtering by verdict, then by label, narrows it to the right runs.
      const statusOf: Record<string, string> = { [firstRun]: firstStatus, [secondRun]: secondStatus };
      const runsList = new RunsListPage(page);
      await runsList.openFromNav();
      assert.deepEqual(await runsList.runIds(), [secondRun, firstRun], 'newest first');
      const verdict = VERDICT[secondStatus]!;
      await runsList.filterByVerdict(verdict);
      const ofVerdict = [secondRun, firstRun].filter((id) => VERDICT[statusOf[id]!] === verdict);
      assert.deepEqual(await runsList.runIdsSettled(ofVerdict), ofVerdict, `runs whose verdict is ${verdict}`);
      await runsList.filterByLabel('commit=e2e2nd');
      assert.deepEqual(await runsList.runIdsSettled([secondRun]), [secondRun], 'the labelled run of that verdict');
      await screenshot(page, '63c-runs-list');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);
      await runsList.filterByLabel('env=nowhere');
      assert.deepEqual(await runsList.runIdsSettled([]), [], 'no run carries that label');
      // The Plans list: by a piece of the name.
      const plansList = new PlansListPage(page);
      await plansList.openFromNav();
      assert.deepEqual(await plansList.planNames(), [planName]);
      await plansList.searchName('no-such-plan');
      assert.deepEqual(await plansList.planNamesSettled([]), []);
      await plansList.searchName(stamp.toUpperCase());
      assert.deepEqual(await plansList.planNamesSettled([planName]), [planName], 'any case');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);

      // Share the first run; open it logged out.
      await run.goto(firstRun);
      const shares = new SharesPage(page);
      const url = await shares.shareRun('7');
      t.diagnostic(`share link ${url}`);
      assert.match(url, new RegExp(`^${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/r/[\\w-]+$`));
      await screenshot(page, '64-share-link');

      const outsider = await newContext(browser);
      const publicPage = await outsider.newPage();
      const shared = new PublicSharePage(publicPage);
      await shared.open(url);
      assert.equal(await shared.kind(), 'run');
      assert.equal(await shared.robots(), 'noindex');
      assert.equal(await publicPage.getByTestId('run-verdict').getAttribute('data-status'), firstStatus);
      await publicPage.getByTestId('run-charts').locator('canvas').first().waitFor();
      assert.equal(await publicPage.locator('.topbar').count(), 0, 'no app navigation on the public page');
      assert.deepEqual(await shared.privateLinks(), [], 'no links into the signed-in app');
      assert.ok((await publicPage.getByTestId('request-row-ping').count()) === 1, 'the per-request table');
      const text = await publicPage.locator('body').innerText();
      assert.ok(!text.includes(target.baseUrl) && !text.includes(firstRun), 'no target address or run id on the public page');
      await screenshot(publicPage, '65-public-report');
      assert.deepEqual(await seriousAccessibilityViolations(publicPage), [], `axe on ${publicPage.url()}`);

      // Revoke it: the public page says so.
      await shares.gotoSettings();
      const links = await shares.list();
      assert.equal(links.length, 1);
      assert.equal(links[0]!.status, 'active');
      await shares.revoke(links[0]!.id);
      await screenshot(page, '66-share-links');
      await shared.open(url);
      assert.equal(await shared.kind(), 'not-found');
      assert.match(await publicPage.getByTestId('share-not-found').innerText(), /does not exist, has expired or was revoked/);
      await screenshot(publicPage, '67-share-revoked');
      await outsider.close();

      // A trend link too, opened logged out.
      await trends.goto(planId);
      const trendUrl = await shares.shareTrend('30');
      const trendContext = await newContext(browser);
      const trendPage = await trendContext.newPage();
      await new PublicSharePage(trendPage).open(trendUrl);
      assert.equal(await new PublicSharePage(trendPage).kind(), 'trend');
      assert.equal(await trendPage.getByTestId('trend-charts').getAttribute('data-points'), '2');
      await screenshot(trendPage, '68-public-trend');
      await trendContext.close();

      // The dashboard: the plan's latest verdict and its sparkline over both runs.
      const dashboard = new DashboardPage(page);
      await dashboard.goto();
      assert.deepEqual(await dashboard.planSummary(planName), { verdict: VERDICT[secondStatus], sparklinePoints: 2 });
      assert.deepEqual((await dashboard.recentOutcomes()).slice(0, 2), [secondStatus, firstStatus]);
      const columns = await dashboard.recentRunsColumns();
      assert.ok(columns.includes('Outcome') && !columns.includes('Verdict') && !columns.includes('Status'), `one outcome column: ${columns.join(', ')}`);
      await screenshot(page, '69-dashboard');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);

      // On a phone: the same pages fit the screen (no sideways scrolling) and pass axe.
      const phone = await newContext(browser, PHONE);
      const phonePage = await phone.newPage();
      const cookies = await context.cookies();
      await phone.addCookies(cookies);
      for (const [path, name] of [
        ['/', '75-phone-dashboard'],
        [`/runs/${secondRun}`, '76-phone-report'],
        [`/plans/${planId}/trends`, '77-phone-trend'],
        [`/compare?base=${firstRun}&head=${secondRun}`, '78-phone-compare'],
        ['/runs?label=commit%3De2e2nd', '78b-phone-runs-list'],
        ['/plans', '78c-phone-plans-list'],
      ] as const) {
        await phonePage.goto(path);
        await phonePage.locator('main h1').first().waitFor();
        await phonePage.waitForLoadState('networkidle');
        await screenshot(phonePage, name);
        assert.ok((await horizontalOverflow(phonePage)) <= 0, `${path} scrolls sideways on a phone by ${await horizontalOverflow(phonePage)} px`);
        assert.deepEqual(await seriousAccessibilityViolations(phonePage), [], `axe on ${path} (phone)`);
      }
      await phone.close();

      assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
    } catch (error) {
      await screenshot(page, '99-reports-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()}; screenshot in e2e/artifacts/99-reports-failure.png`);
      throw error;
    }
  });
});
