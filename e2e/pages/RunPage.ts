import type { Locator, Page } from 'playwright-core';

export const TERMINAL_STATUSES = ['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'] as const;
const ORDER = ['QUEUED', 'STARTING', 'RUNNING', 'FINISHING', ...TERMINAL_STATUSES];

export class RunPage {
  /** Every status the badge showed while this page object watched it, in order. */
  readonly seen: string[] = [];

  constructor(private readonly page: Page) {}

  async goto(runId: string): Promise<void> {
    await this.page.goto(`/runs/${runId}`);
    await this.statusBadge.waitFor();
  }

  get statusBadge(): Locator {
    return this.page.getByTestId('run-status');
  }

  get verdictBanner(): Locator {
    return this.page.getByTestId('run-verdict');
  }

  /** "against staging" when the run went to another target than its plan's; null otherwise. */
  async otherTarget(): Promise<string | null> {
    const note = this.page.getByTestId('run-other-target');
    // The plan is read after the run: give the note its chance to appear.
    await note
      .locator('strong', { hasNotText: '…' })
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    return (await note.count()) ? (await note.locator('strong').innerText()).trim() : null;
  }

  async status(): Promise<string> {
    const status = (await this.statusBadge.getAttribute('data-status')) ?? '';
    if (this.seen.at(-1) !== status) this.seen.push(status);
    return status;
  }

  /** Waits until the status is `wanted` or later in QUEUED -> ... -> terminal. */
  async waitForStatusAtLeast(wanted: string, timeoutMs: number): Promise<string> {
    const rank = ORDER.indexOf(wanted);
    return this.pollStatus((status) => ORDER.indexOf(status) >= rank, timeoutMs, `status ${wanted} or later`);
  }

  async waitForTerminal(timeoutMs: number): Promise<string> {
    return this.pollStatus((status) => (TERMINAL_STATUSES as readonly string[]).includes(status), timeoutMs, 'a terminal status');
  }

  private async pollStatus(done: (status: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.status();
      if (done(status)) return status;
      if (Date.now() > deadline) throw new Error(`run did not reach ${what} in ${timeoutMs} ms; seen: ${this.seen.join(' -> ')}`);
      await this.page.waitForTimeout(250);
    }
  }

  async errorText(): Promise<string | null> {
    const error = this.page.getByTestId('run-error');
    return (await error.count()) ? error.innerText() : null;
  }

  requestRow(name: string): Locator {
    return this.page.getByTestId(`request-row-${name}`);
  }

  /** The Count cell of a request row as a number. */
  async requestCount(name: string): Promise<number> {
    const text = await this.requestRow(name).locator('[data-col="count"]').innerText();
    return Number(text.replace(/[^\d]/g, ''));
  }

  /** Verdicts of the thresholds table, top to bottom. */
  async thresholdVerdicts(): Promise<string[]> {
    return this.page.locator('[data-testid^="threshold-row-"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-verdict') ?? ''));
  }

  async percentileNote(): Promise<string> {
    return this.page.getByTestId('percentile-note').innerText();
  }

  // --- Live view (while the run is not over) ---

  get liveProgress(): Locator {
    return this.page.getByTestId('live-progress');
  }

  /** Elapsed seconds the progress bar shows, or null when the live view is gone. */
  async liveElapsed(): Promise<number | null> {
    if (!(await this.liveProgress.count())) return null;
    const value = await this.liveProgress.getAttribute('data-elapsed').catch(() => null);
    return value === null ? null : Number(value);
  }

  /** "streaming", "polling", "connecting" or "reconnecting"; null when not live. */
  async liveMode(): Promise<string | null> {
    const mode = this.page.getByTestId('live-mode');
    return (await mode.count()) ? mode.getAttribute('data-mode').catch(() => null) : null;
  }

  /** The text of one live figure: "vus", "rps", "p50", "p95", "p99", "errors", "requests". */
  async liveFigure(name: string): Promise<string | null> {
    const figure = this.page.getByTestId(`live-${name}`);
    return (await figure.count()) ? figure.innerText().catch(() => null) : null;
  }

  /** Seconds in a chart (its data-points attribute), or 0 when the chart is not there. */
  async chartPoints(chart: 'latency' | 'throughput' | 'load'): Promise<number> {
    const element = this.page.getByTestId(`chart-${chart}`);
    if (!(await element.count())) return 0;
    return Number((await element.getAttribute('data-points').catch(() => '0')) ?? '0');
  }

  /** uPlot canvases drawn inside the charts section. */
  async chartCanvases(): Promise<number> {
    return this.page.locator('[data-testid="run-charts"] canvas').count();
  }

  get cancelButton(): Locator {
    return this.page.getByTestId('cancel-run');
  }

  /** Cancel run -> confirm; returns once the confirmation has been clicked. */
  async cancel(onConfirmShown?: () => Promise<void>): Promise<void> {
    await this.cancelButton.click();
    await this.page.getByTestId('cancel-confirm').waitFor();
    await onConfirmShown?.();
    await this.page.getByTestId('cancel-run-confirm').click();
  }

  /** Each threshold's live standing (pass, fail, waiting, at-end) and its stop rule's breach, in plan order. */
  async liveThresholds(): Promise<{ state: string; breaching: number | null; stoppedAt: number | null }[]> {
    return this.page.locator('[data-testid^="live-threshold-"][data-state]').evaluateAll((rows) =>
      rows.map((row) => {
        const stop = row.querySelector('[data-testid="live-threshold-stop"]');
        const breaching = stop?.getAttribute('data-breaching');
        const stoppedAt = stop?.getAttribute('data-stopped-at');
        return {
          state: row.getAttribute('data-state') ?? '',
          breaching: breaching ? Number(breaching) : null,
          stoppedAt: stoppedAt ? Number(stoppedAt) : null,
        };
      }),
    );
  }

  /** The note that says the live standing is provisional. */
  get liveThresholdsNote(): Locator {
    return this.page.getByTestId('live-thresholds-note');
  }

  /** The end of a chart's time axis in seconds (its data-x-max), or null when not drawn. */
  async chartXMax(chart: 'latency' | 'throughput' | 'load'): Promise<number | null> {
    const element = this.page.getByTestId(`chart-${chart}`);
    if (!(await element.count())) return null;
    const value = await element.getAttribute('data-x-max').catch(() => null);
    return value ? Number(value) : null;
  }

  // --- Report (once the run is over) ---

  /** Whether each element (by test id) starts inside the first screen, before any scrolling. */
  async withoutScrolling(testIds: readonly string[]): Promise<Record<string, boolean>> {
    await this.page.evaluate(() => window.scrollTo(0, 0));
    const height = this.page.viewportSize()?.height ?? 0;
    const seen: Record<string, boolean> = {};
    for (const id of testIds) {
      const box = await this.page.getByTestId(id).first().boundingBox();
      seen[id] = box !== null && box.y >= 0 && box.y + Math.min(box.height, 40) <= height;
    }
    return seen;
  }

  /** Where a request row's cell lies on the screen (x from the left edge of the viewport). */
  async requestCellBox(name: string, col: string): Promise<{ x: number; width: number } | null> {
    const box = await this.requestRow(name).locator(`[data-col="${col}"]`).boundingBox();
    return box ? { x: box.x, width: box.width } : null;
  }

  get charts(): Locator {
    return this.page.getByTestId('run-charts');
  }

  /** The diagnostics list, or the "no reasons to doubt" note when there are none. */
  get diagnostics(): Locator {
    return this.page.locator('[data-testid="diagnostics"], [data-testid="diagnostics-none"]');
  }

  /** Codes and severities of the diagnostics shown. */
  async diagnosticCodes(): Promise<{ code: string; severity: string }[]> {
    return this.page.locator('[data-testid^="diagnostic-"][data-severity]').evaluateAll((items) =>
      items.map((item) => ({
        code: (item.getAttribute('data-testid') ?? '').replace(/^diagnostic-/, ''),
        severity: item.getAttribute('data-severity') ?? '',
      })),
    );
  }

  // --- Against the baseline ---

  get baselineCard(): Locator {
    return this.page.getByTestId('baseline-card');
  }

  /**
   * Presses "Make this run the baseline". Answers the warning asked first (an INCONCLUSIVE or
   * failed run), or null when it pinned at once.
   */
  async pressPinBaseline(): Promise<string | null> {
    await this.baselineCard.getByTestId('baseline-pin').click();
    const confirm = this.baselineCard.getByTestId('baseline-pin-confirm');
    const asked = await confirm.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    return asked ? (await confirm.getByTestId('baseline-pin-warning').innerText()).trim() : null;
  }

  /** Answers the pin warning: "Pin it anyway" or "Cancel". */
  async answerPinWarning(answer: 'Pin it anyway' | 'Cancel'): Promise<void> {
    await this.baselineCard.getByTestId('baseline-pin-confirm').getByRole('button', { name: answer }).click();
  }

  /** The pin's failure in words, waited for. */
  async pinError(): Promise<string> {
    const error = this.baselineCard.getByTestId('baseline-pin-error');
    await error.waitFor();
    return (await error.innerText()).trim();
  }

  /** Waits until the button says the run is pinned. */
  async waitForPinned(): Promise<void> {
    await this.baselineCard.getByTestId('baseline-pin').filter({ hasText: 'Pinned as the baseline' }).waitFor();
  }
}
