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
    return this.page
      .locator('[data-testid^="threshold-row-"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-verdict') ?? ''));
  }

  async percentileNote(): Promise<string> {
    return this.page.getByTestId('percentile-note').innerText();
  }
}
