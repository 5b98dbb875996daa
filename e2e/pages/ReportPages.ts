import type { Locator, Page } from 'playwright-core';
import { RunChartsView } from './RunCharts.js';

/** The dashboard: recent runs with verdicts, plans (failing first) with their latest verdict and a p95 sparkline. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }

  plan(name: string): Locator {
    return this.page.getByTestId(`dashboard-plan-${name}`);
  }

  /** The plan's latest verdict and how many p95 values its sparkline draws. */
  async planSummary(name: string): Promise<{ verdict: string; sparklinePoints: number }> {
    const row = this.plan(name);
    await row.waitFor();
    const sparkline = row.getByTestId('sparkline');
    return {
      verdict: (await row.getAttribute('data-verdict')) ?? '',
      sparklinePoints: (await sparkline.count()) ? Number(await sparkline.getAttribute('data-points')) : 0,
    };
  }

  /** Outcomes in the recent runs table, top to bottom (PASSED, FAILED, INCONCLUSIVE, RUNNING...). */
  async recentOutcomes(): Promise<string[]> {
    await this.page.getByTestId('runs-table').waitFor();
    return this.page
      .locator('[data-testid="runs-table"] td[data-col="outcome"]')
      .evaluateAll((cells) => cells.map((cell) => cell.querySelector('[data-status]')?.getAttribute('data-status') ?? ''));
  }

  /** The recent runs table's column headers: one outcome column, not a status beside a verdict. */
  async recentRunsColumns(): Promise<string[]> {
    await this.page.getByTestId('runs-table').waitFor();
    return (await this.page.locator('[data-testid="runs-table"] thead th').allTextContents()).map((text) => text.trim()).filter(Boolean);
  }
}

/** `/plans/:id/trends`: charts over runs, the runs in range, and a pair to compare. */
export class TrendsPage {
  constructor(private readonly page: Page) {}

  async goto(planId: string): Promise<void> {
    await this.page.goto(`/plans/${planId}/trends`);
    await this.page.getByRole('heading', { name: 'Trends' }).waitFor();
  }

  get charts(): Locator {
    return this.page.getByTestId('trend-charts');
  }

  /** The target selector's options (names as shown) and which one is chosen. */
  async targetChoice(): Promise<{ options: string[]; chosen: string }> {
    const select = this.page.getByTestId('trend-target');
    await select.waitFor();
    const options = (await select.locator('option').allInnerTexts()).map((text) => text.trim());
    const chosen = (await select.locator('option:checked').innerText()).trim();
    return { options, chosen };
  }

  /** Follows another target's runs (by the target's name); waits for that trend to load. */
  async chooseTarget(name: string): Promise<void> {
    const select = this.page.getByTestId('trend-target');
    const value = await select.locator('option', { hasText: name }).first().getAttribute('value');
    await select.selectOption(value!);
    await this.page.waitForURL((url) => (value && url.searchParams.get('target') === value) || !url.searchParams.has('target'));
    await this.page.locator('[data-testid="trend-charts"], .state--empty').first().waitFor();
  }

  /** Whether the trend says it has no runs (an empty state instead of charts). */
  async isEmpty(): Promise<boolean> {
    await this.page.locator('[data-testid="trend-charts"], .state--empty').first().waitFor();
    return (await this.page.locator('.state--empty', { hasText: 'No measured runs' }).count()) > 0;
  }

  /** Runs on the trend (waits until the charts are drawn). */
  async points(): Promise<number> {
    await this.charts.waitFor();
    return Number(await this.charts.getAttribute('data-points'));
  }

  /** Line labels of the latency chart's legend. */
  async latencyLegend(): Promise<string[]> {
    return (await this.page.getByTestId('trend-latency').locator('.chart__key').allInnerTexts()).map((text) => text.trim());
  }

  async canvases(): Promise<number> {
    return this.charts.locator('canvas').count();
  }

  /** Keeps only the runs carrying a label (`key=value`), as the label filter does; waits for the trend to reload. */
  async filterByLabel(label: string): Promise<void> {
    await this.page.getByTestId('trend-label').fill(label);
    await this.page.getByTestId('trend-label-apply').click();
    await this.page.waitForURL((url) => url.searchParams.get('label') === label);
  }

  /** The labels column of the runs in range, newest first. */
  async runLabels(): Promise<string[]> {
    return (await this.page.getByTestId('trend-runs').locator('tbody tr td:nth-child(4)').allInnerTexts()).map((text) => text.trim());
  }

  /**
   * Per y axis of a trend chart ('trend-latency', 'trend-throughput'…): the top label and the
   * highest value drawn on it, as the chart reports them after drawing.
   */
  async yScales(testId: string): Promise<Record<string, { top: number; highest: number | null }>> {
    const figure = this.page.getByTestId(testId);
    await figure.locator('canvas').first().waitFor();
    return JSON.parse((await figure.getAttribute('data-y-scales')) ?? '{}') as Record<string, { top: number; highest: number | null }>;
  }

  /** Every chart of the trend, by its test id. */
  async chartIds(): Promise<string[]> {
    return this.charts.locator('figure[data-testid]').evaluateAll((figures) => figures.map((figure) => figure.getAttribute('data-testid') ?? ''));
  }

  /** What the trend says about steps (change points). */
  async changePointsText(): Promise<string> {
    return (await this.page.getByTestId('trend-change-points').innerText()).trim();
  }

  /** Types a day into the From field as a person would, and leaves the field. */
  async typeFromDay(text: string): Promise<string> {
    const field = this.page.getByTestId('trend-from');
    await field.fill(text);
    await field.press('Enter');
    // The address bar and the trend's query catch up with the day before the next one is typed.
    await this.page.waitForLoadState('networkidle');
    return field.inputValue();
  }

  /** Picks the base and head run (by id) and opens the comparison. */
  async compare(base: string, head: string): Promise<void> {
    await this.page.getByTestId('compare-base').selectOption(base);
    await this.page.getByTestId('compare-head').selectOption(head);
    await this.page.getByTestId('compare-runs').click();
    await this.page.waitForURL((url) => url.pathname === '/compare');
  }

  /** Clicks the chart at the x of the n-th run (0 = oldest); returns once a run page opened. */
  async clickPoint(index: number, count: number): Promise<void> {
    const over = this.page.getByTestId('trend-latency').locator('.u-over');
    const box = await over.boundingBox();
    if (!box) throw new Error('latency chart not drawn');
    // The x scale spans [-0.4, count - 1 + 0.4].
    const span = Math.max(1, count - 1) + 0.8;
    const x = box.x + ((index + 0.4) / span) * box.width;
    await this.page.mouse.move(x, box.y + box.height / 2);
    await this.page.mouse.click(x, box.y + box.height / 2);
    await this.page.waitForURL((url) => url.pathname.startsWith('/runs/'));
  }
}

export interface DeltaRow {
  metric: string;
  change: string;
  delta: string;
  deltaPct: string;
  word: string;
}

/** `/compare?base=&head=`. */
export class ComparePage {
  constructor(private readonly page: Page) {}

  async waitForLoaded(): Promise<void> {
    await this.page.getByTestId('compare-overall').waitFor();
  }

  async overall(): Promise<DeltaRow[]> {
    return this.page
      .getByTestId('compare-overall')
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => ({
          metric: row.getAttribute('data-metric') ?? '',
          change: row.getAttribute('data-change') ?? '',
          delta: row.querySelector('[data-col="delta"]')?.textContent?.trim() ?? '',
          deltaPct: row.querySelector('[data-col="delta-pct"]')?.textContent?.trim() ?? '',
          word: row.querySelector('[data-col="change"]')?.textContent?.trim() ?? '',
        })),
      );
  }

  async baseAndHead(): Promise<{ base: string; head: string }> {
    const url = new URL(this.page.url());
    return { base: url.searchParams.get('base') ?? '', head: url.searchParams.get('head') ?? '' };
  }

  /**
   * The overlaid charts of a scope ('whole' or 'phase-<name>'): how many seconds of each run
   * carry a latency, and the legends of the latency and throughput charts.
   */
  async chartSeries(scope = 'whole'): Promise<{ baseSeconds: number; headSeconds: number; latency: string[]; throughput: string[] }> {
    const section = this.page.getByTestId(`compare-charts-${scope}`);
    await section.waitFor();
    const legend = async (testId: string) => (await section.getByTestId(testId).locator('.chart__key').allInnerTexts()).map((text) => text.trim());
    return {
      baseSeconds: Number(await section.getAttribute('data-base-seconds')),
      headSeconds: Number(await section.getAttribute('data-head-seconds')),
      latency: await legend(`compare-latency-${scope}`),
      throughput: await legend(`compare-throughput-${scope}`),
    };
  }

  /** The scopes charted, in order ('whole', then 'phase-<name>' per phase both runs have), with their headings. */
  async chartScopes(): Promise<{ scope: string; title: string }[]> {
    await this.page.getByTestId('compare-charts-whole').waitFor();
    return this.page.locator('[data-testid^="compare-charts-"]').evaluateAll((sections) =>
      sections.map((section) => ({
        scope: (section.getAttribute('data-testid') ?? '').replace(/^compare-charts-/, ''),
        title: section.querySelector('h3')?.textContent?.trim() ?? '',
      })),
    );
  }

  /** Canvases drawn in a scope's charts (uPlot draws one per chart). */
  async chartCanvases(scope = 'whole'): Promise<number> {
    return this.page.getByTestId(`compare-charts-${scope}`).locator('canvas').count();
  }

  /** The "How changes are called" card's text ('' when the page has none). */
  async readingRule(): Promise<string> {
    const rule = this.page.getByTestId('compare-reading-rule');
    return (await rule.count()) ? (await rule.innerText()).trim() : '';
  }

  /** Every row of every table reading "Within noise": its change in % and the reason given under it ('' for none). */
  async withinNoiseRows(): Promise<{ deltaPct: string; reason: string }[]> {
    return this.page.locator('tr[data-change="unchanged"]').evaluateAll((rows) =>
      rows.map((row) => ({
        deltaPct: row.querySelector('[data-col="delta-pct"]')?.firstChild?.textContent?.trim() ?? '',
        reason: row.querySelector('[data-col="reason"]')?.textContent?.trim() ?? '',
      })),
    );
  }

  async warnings(): Promise<string[]> {
    const box = this.page.getByTestId('compare-warnings');
    if (!(await box.count())) return [];
    return box.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-code') ?? ''));
  }
}

/** Share links: "Share" on a run or trend, Settings → Share links, and the public page. */
export class SharesPage {
  constructor(private readonly page: Page) {}

  /** On a run page: Share -> expiry -> Create link; returns the URL shown once. */
  async shareRun(expiryDays = '30'): Promise<string> {
    await this.page.getByTestId('share-run').click();
    return this.createLink(expiryDays);
  }

  /** On a trends page. */
  async shareTrend(expiryDays = '30'): Promise<string> {
    await this.page.getByTestId('share-trend').click();
    return this.createLink(expiryDays);
  }

  private async createLink(expiryDays: string): Promise<string> {
    await this.page.getByTestId('share-expiry').selectOption(expiryDays);
    await this.page.getByTestId('share-create').click();
    const value = this.page.getByTestId('share-link-value');
    await value.waitFor();
    return value.inputValue();
  }

  async gotoSettings(): Promise<void> {
    await this.page.goto('/settings/shares');
    await this.page.getByTestId('shares-table').waitFor();
  }

  /** Rows of the share links table: id, status, title. */
  async list(): Promise<{ id: string; status: string; title: string }[]> {
    return this.page.locator('[data-testid="shares-table"] tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        id: (row.getAttribute('data-testid') ?? '').replace(/^share-/, ''),
        status: row.getAttribute('data-status') ?? '',
        title: row.querySelector('th')?.textContent?.trim() ?? '',
      })),
    );
  }

  async revoke(id: string): Promise<void> {
    await this.page.getByTestId(`revoke-share-${id}`).click();
    await this.page.getByTestId(`revoke-share-${id}-confirm`).getByRole('button', { name: 'Revoke link' }).click();
    await this.page.locator(`[data-testid="share-${id}"][data-status="revoked"]`).waitFor();
  }
}

/** `/r/:token`, opened without a session. */
export class PublicSharePage {
  constructor(private readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.locator('[data-testid="public-run"], [data-testid="public-trend"], [data-testid="share-not-found"]').first().waitFor();
  }

  async kind(): Promise<'run' | 'trend' | 'not-found'> {
    if (await this.page.getByTestId('public-run').count()) return 'run';
    if (await this.page.getByTestId('public-trend').count()) return 'trend';
    return 'not-found';
  }

  async robots(): Promise<string | null> {
    return this.page.locator('meta[name="robots"]').getAttribute('content');
  }

  /** The run's charts as the share page draws them. */
  get charts(): RunChartsView {
    return new RunChartsView(this.page);
  }

  /** The Diagnostics card: the reasons to doubt the result (or the note that there are none). */
  get diagnostics(): Locator {
    return this.page.locator('[data-testid="diagnostics"], [data-testid="diagnostics-none"]');
  }

  /** Links on the page that lead into the signed-in app. */
  async privateLinks(): Promise<string[]> {
    return this.page
      .locator('a[href]')
      .evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? '').filter((href) => /^\/(runs|plans|targets|settings|compare)?(\/|$)/.test(href)),
      );
  }
}
