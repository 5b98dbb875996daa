import type { Locator, Page } from 'playwright-core';

/**
 * The target's side of a run as the run page and the public share page both show it: the
 * findings card (data-testid "telemetry") and the charts of the sources' series under the VUs
 * ("telemetry-charts").
 */
export class TelemetryView {
  constructor(private readonly page: Page) {}

  get card(): Locator {
    return this.page.getByTestId('telemetry');
  }

  get charts(): Locator {
    return this.page.getByTestId('telemetry-charts');
  }

  /** Finding codes shown, most severe first, with their headline and message. */
  async findings(): Promise<{ code: string; title: string; message: string }[]> {
    await this.card.waitFor();
    return this.card.locator('[data-testid^="finding-"]').evaluateAll((items) =>
      items.map((item) => ({
        code: (item.getAttribute('data-testid') ?? '').replace(/^finding-/, ''),
        title: item.querySelector('.diagnostic__title')?.textContent?.trim() ?? '',
        message: item.querySelector('.diagnostic__message')?.textContent?.trim() ?? '',
      })),
    );
  }

  /** Components of the bottleneck table, in its order. */
  async bottleneckComponents(): Promise<string[]> {
    const table = this.page.getByTestId('telemetry-bottleneck');
    if (!(await table.count())) return [];
    return (await table.locator('tbody th').allInnerTexts()).map((text) => text.trim());
  }

  /** Per chart of a source: its unit (from the test id), how many seconds it holds and its legend. */
  async sourceCharts(source: string): Promise<{ unit: string; points: number; legend: string[] }[]> {
    const panel = this.page.getByTestId(`telemetry-source-${source}`);
    await panel.locator('canvas').first().waitFor();
    return panel.locator('figure.chart').evaluateAll(
      (figures, name) =>
        figures.map((figure) => ({
          unit: (figure.getAttribute('data-testid') ?? '').replace(`telemetry-chart-${name}-`, ''),
          points: Number(figure.getAttribute('data-points')),
          legend: Array.from(figure.querySelectorAll('.chart__key'), (key) => key.textContent?.trim() ?? ''),
        })),
      source,
    );
  }

  /** Seconds the VUs chart above the sources holds. */
  async loadPoints(): Promise<number> {
    return Number(await this.page.getByTestId('telemetry-load').getAttribute('data-points'));
  }
}
