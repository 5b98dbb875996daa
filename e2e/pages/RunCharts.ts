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

  /** How many phases are shaded behind a chart's lines. */
  async bands(name: 'latency' | 'throughput' | 'load'): Promise<number> {
    await this.chart(name).waitFor();
    return Number((await this.chart(name).getAttribute('data-bands')) ?? 0);
  }

  /** The limits a chart names above its y axis rather than stretching the axis to them (their legend labels). */
  async offScale(name: 'latency' | 'throughput' | 'load'): Promise<string[]> {
    await this.chart(name).waitFor();
    const value = await this.chart(name).getAttribute('data-off-scale');
    return value ? value.split('\n') : [];
  }

  /** Each y axis's top label and the highest point drawn on it (limits left out), as last drawn. */
  async yScales(name: 'latency' | 'throughput' | 'load'): Promise<Record<string, { top: number; highest: number | null }>> {
    const figure = this.page.locator(`[data-testid="chart-${name}"][data-y-scales]`);
    await figure.waitFor();
    return JSON.parse((await figure.getAttribute('data-y-scales')) ?? '{}') as Record<string, { top: number; highest: number | null }>;
  }

  /** What a screen reader hears for the chart: its points, phases and marks. */
  async description(name: 'latency' | 'throughput' | 'load'): Promise<string> {
    return (await this.chart(name).locator('[role="img"]').getAttribute('aria-label')) ?? '';
  }
}
