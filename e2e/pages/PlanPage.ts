import type { Page } from 'playwright-core';

export class PlanPage {
  constructor(private readonly page: Page) {}

  async goto(planId: string): Promise<void> {
    await this.page.goto(`/plans/${planId}`);
    await this.page.getByTestId('run-now').waitFor();
  }

  async waitForLoaded(): Promise<void> {
    await this.page.getByTestId('run-now').waitFor();
    await this.page.getByTestId('plan-requests').waitFor();
  }

  /** Clicks "Run now" and waits for the run page; returns the run id. */
  async runNow(): Promise<string> {
    await this.page.getByTestId('run-now').click();
    await this.page.waitForURL((url) => url.pathname.startsWith('/runs/'), { timeout: 15_000 });
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }
}
