import type { Locator, Page } from 'playwright-core';

/**
 * The run charts as any page draws them (live view, report, share page): the legend's lines
 * (latency limits among them), the phases shaded behind them and the moments marked on them.
 */
export class RunChartsView {
  constructor(private readonly page: Page) {}

  chart(name: 'latency' | 'throughput' | 'load'): Locator {
    return this.page.getByTestId(`chart-${name}`);
  }

  /** The labels of a chart's legend entries (its lines). */
  async legend(name: 'latency' | 'throughput' | 'load'): Promise<string[]> {
    await this.chart(name).waitFor();
    return (await this.chart(name).locator('.chart__legend button').allInnerTexts()).map((text) => text.trim());
  }

  /** Seconds marked on a chart (where a stop rule stopped the run). */
  async marks(name: 'latency' | 'throughput' | 'load'): Promise<number[]> {
    await this.chart(name).waitFor();
    const value = await this.chart(name).getAttribute('data-marks');
    return value ? value.split(',').map(Number) : [];
  }

  /** What a screen reader hears for the chart: its points, phases and marks. */
  async description(name: 'latency' | 'throughput' | 'load'): Promise<string> {
    return (await this.chart(name).locator('[role="img"]').getAttribute('aria-label')) ?? '';
  }
}
