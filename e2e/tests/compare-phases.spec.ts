import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ComparePage } from '../pages/ReportPages.js';
import { RunChartsView } from '../pages/RunCharts.js';
import { RunPage } from '../pages/RunPage.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { waitForApi } from '../support/api.js';
import { openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { RUN_TIMEOUT_MS } from '../support/env.js';
import { startLoopbackTarget, type LoopbackTarget } from '../support/loopback-target.js';
import { warmThenPeakScenarios } from '../support/plans.js';
import { startRunViaApi, waitForRunStatus } from '../support/seed-run.js';
import { apiCall, createTargetViaApi, signUpViaApi, type ApiSession } from '../support/setup.js';

const ENDED = ['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'];
const MEASURED = ['PASSED', 'FAILED', 'INCONCLUSIVE'];
/** A limit no loopback answer comes near: the latency axis must stay on the data and name it above. */
const FAR_LIMIT_MS = 30_000;
const FAR_LIMIT = /^p95 < 30,?000 ms$/;

/**
 * Two short runs of a plan in two phases (warm, then peak), compared: the comparison overlays
 * both runs on one time axis for the whole run and again per phase, each phase's charts from
 * that phase's start in each run. The report of one of them keeps its latency axis on the
 * seconds and names the far limit above it instead of flattening the lines under it.
 */
describe('comparing two runs of a phased plan', { timeout: RUN_TIMEOUT_MS * 2 + 120_000 }, () => {
  let target: LoopbackTarget;
  let tab: BrowserTab;
  let page: Page;
  let session: ApiSession;
  let targetId: string;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    target = await startLoopbackTarget(5);
    session = await signUpViaApi(`phases-${uniqueStamp()}`);
    targetId = await createTargetViaApi(session, 'loopback', target.baseUrl);
    tab = await openBrowserTab(pageErrors, { signedInAs: session });
    ({ page } = tab);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  after(async () => {
    await tab?.close();
    await target?.close();
  });

  it('overlays both runs per phase, each chart named by its phase', async (t) => {
    const created = await apiCall<{ id: string }>('POST', '/plans', session.token, {
      name: `warm then peak ${uniqueStamp()}`,
      targetId,
      scenarios: warmThenPeakScenarios(3, 2),
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: FAR_LIMIT_MS },
        { metric: 'error_rate', op: '<', value: 0.5 },
      ],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const planId = created.body.id;
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const runId = await startRunViaApi(session, planId);
      const status = await waitForRunStatus(session, runId, ENDED, RUN_TIMEOUT_MS);
      assert.ok(MEASURED.includes(status), `run ${runId} ended ${status}`);
      runs.push(runId);
    }
    const [base, head] = runs as [string, string];
    t.diagnostic(`plan ${planId}, base ${base}, head ${head}`);

    // The report: both phases shaded; the far limit named above an axis that stays on the data.
    const run = new RunPage(page);
    await run.goto(head);
    await run.charts.waitFor();
    const charts = new RunChartsView(page);
    assert.equal(await charts.bands('latency'), 2);
    const legend = await charts.legend('latency');
    assert.ok(
      legend.some((label) => FAR_LIMIT.test(label)),
      `the limit is in the legend: ${legend.join(', ')}`,
    );
    const above = await charts.offScale('latency');
    assert.equal(above.length, 1, `one limit above the axis: ${above.join(', ')}`);
    assert.match(above[0]!, FAR_LIMIT);
    assert.match(await charts.description('latency'), /limit 30,000 ms above \(p95 < 30,?000 ms\)/);
    const { ms } = await charts.yScales('latency');
    assert.ok(ms && ms.highest !== null && ms.top < FAR_LIMIT_MS && ms.highest <= ms.top, `the axis is on the seconds, not the limit: ${JSON.stringify(ms)}`);
    await screenshot(page, '88-report-limit-above');

    // The comparison: the whole run, then one section per phase, both runs in each.
    const compare = new ComparePage(page);
    await page.goto(`/compare?base=${base}&head=${head}`);
    await compare.waitForLoaded();
    assert.deepEqual(await compare.chartScopes(), [
      { scope: 'whole', title: 'Whole run' },
      { scope: 'phase-warm', title: 'Phase warm' },
      { scope: 'phase-peak', title: 'Phase peak' },
    ]);
    for (const scope of ['whole', 'phase-warm', 'phase-peak']) {
      const series = await compare.chartSeries(scope);
      t.diagnostic(`${scope}: base ${series.baseSeconds} s, head ${series.headSeconds} s`);
      assert.ok(series.baseSeconds > 0 && series.headSeconds > 0, `${scope}: both runs have seconds: ${JSON.stringify(series)}`);
      assert.deepEqual(series.latency, ['Base p95', 'Head p95', 'Base p50', 'Head p50']);
      assert.deepEqual(series.throughput, ['Base req/s', 'Head req/s']);
      assert.equal(await compare.chartCanvases(scope), 2, `${scope}: latency and throughput are drawn`);
    }
    await screenshot(page, '89-compare-phases');
    assert.deepEqual(await seriousAccessibilityViolations(page), [], `axe on ${page.url()}`);
    assert.deepEqual(pageErrors, [], 'no uncaught exceptions in the page');
  });
});
