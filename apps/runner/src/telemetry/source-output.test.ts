import { describe, expect, it } from 'vitest';
import type { TelemetryCatalog, TelemetrySecond, TelemetrySeries } from '@loadline/shared';
import { BASELINE_SECONDS_MAX, CATALOG_SERIES_MAX, SourceOutput, type TelemetrySink } from './source-output.js';

function recorder() {
  const sent: ({ catalog: TelemetryCatalog; n: number } | { second: TelemetrySecond })[] = [];
  const sink: TelemetrySink = { catalog: (catalog, n) => sent.push({ catalog, n }), second: (second) => sent.push({ second }) };
  return { sent, sink };
}
const cpu: TelemetrySeries = { key: 'cpu', kind: 'rate', role: 'cpu_cores', unit: 'cores' };
const rss: TelemetrySeries = { key: 'rss', kind: 'gauge', role: 'memory_bytes', unit: 'bytes' };
const second = (t: number, values: Record<string, number>): TelemetrySecond => ({ v: 1, t, source: 'api', values });

describe('SourceOutput', () => {
  it('holds the baseline until the start and sends only its newest seconds, the catalog first', () => {
    const { sent, sink } = recorder();
    const output = new SourceOutput({ source: 'api', kind: 'scrape', cpuCores: 4 }, sink);
    for (let t = 100; t < 108; t++) output.push(second(t, { cpu: t }), [cpu]);
    expect(sent).toEqual([]);
    output.start(108);
    output.push(second(108, { cpu: 1 }), [cpu]);
    expect(sent[0]).toEqual({ catalog: { source: 'api', kind: 'scrape', cpuCores: 4, series: [cpu] }, n: 0 });
    const ts = sent.slice(1).map((entry) => ('second' in entry ? entry.second.t : null));
    expect(ts).toEqual([103, 104, 105, 106, 107, 108]);
    expect(ts.filter((t) => t! < 108)).toHaveLength(BASELINE_SECONDS_MAX);
  });

  it('sends nothing for a run that never starts', () => {
    const { sent, sink } = recorder();
    const output = new SourceOutput({ source: 'api', kind: 'scrape' }, sink);
    output.push(second(100, { cpu: 1 }), [cpu]);
    output.close();
    output.start(101);
    output.push(second(101, { cpu: 1 }), [cpu]);
    expect(sent).toEqual([]);
  });

  it('sends a new catalog, the union so far, when a second brings a series or describes one otherwise', () => {
    const { sent, sink } = recorder();
    const output = new SourceOutput({ source: 'api', kind: 'scrape' }, sink);
    output.start(100);
    output.push(second(100, { cpu: 1 }), [cpu]);
    output.push(second(101, { cpu: 1 }), [cpu]);
    output.push(second(102, { rss: 5 }), [rss]);
    output.push({ ...second(103, {}), error: { code: 'REFUSED', message: 'connection refused at 127.0.0.1:9' } }, []);
    output.push(second(104, { cpu: 2 }), [{ ...cpu, role: undefined }]);
    const catalogs = sent.filter((entry) => 'catalog' in entry);
    expect(catalogs.map((entry) => [entry.n, entry.catalog.series.map((s) => s.key)])).toEqual([
      [0, ['cpu']],
      [1, ['cpu', 'rss']],
      [2, ['cpu', 'rss']],
    ]);
    // Each catalog goes out just before the first second that needs it.
    expect(sent.map((entry) => ('catalog' in entry ? `c${entry.n}` : entry.second.t))).toEqual(['c0', 100, 101, 'c1', 102, 103, 'c2', 104]);
    expect([output.sent, output.failed]).toEqual([5, 1]);
  });

  it('keeps the catalog within its size: values of series past it are dropped', () => {
    const { sent, sink } = recorder();
    const output = new SourceOutput({ source: 'api', kind: 'scrape' }, sink);
    output.start(100);
    const many = Array.from({ length: CATALOG_SERIES_MAX + 3 }, (_, i): TelemetrySeries => ({ key: `s${i}`, kind: 'gauge', unit: 'none' }));
    output.push(second(100, Object.fromEntries(many.map((s) => [s.key, 1]))), many);
    const last = sent.at(-1) as { second: TelemetrySecond };
    expect(Object.keys(last.second.values)).toHaveLength(CATALOG_SERIES_MAX);
    expect((sent[0] as { catalog: TelemetryCatalog }).catalog.series).toHaveLength(CATALOG_SERIES_MAX);
  });
});
