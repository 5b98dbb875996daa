import type { ExpositionSample } from './exposition.js';
import { parseExpositionFloat } from './exposition.js';
import { parseSeriesSelector, type SeriesSelector } from './promql-selector.js';
import { bucketQuantile } from './reduce-histogram.js';
import { isCounterSample, sampleKey, seriesKey, type ScrapeIndex } from './reduce-index.js';

/**
 * Reads one scrape against the one before it: gauges as read, counters as per-second rates
 * between the two, histograms as the p95 of the observations between the two. What the presets
 * (presets.ts) and the user's selectors are computed with. A counter that went down was reset
 * (its process restarted): its increase is taken as its new value, as Prometheus' rate() does,
 * and its key is recorded.
 */
export interface ScrapeReader {
  /** Whether the current scrape has samples of this name. */
  has(name: string): boolean;
  /** The current scrape's sample names matching `pattern`, sorted; with `counters`, only those read as rates. */
  names(pattern: RegExp, counters?: boolean): string[];
  /** The first of these names the current scrape has. */
  firstPresent(names: readonly string[]): string | undefined;
  /** The current samples of `name` whose labels match `where` (PromQL matchers without braces: `mode!="idle"`). */
  samples(name: string, where?: SeriesFilter): ExpositionSample[];
  /** Sum of the matching current values (finite ones); undefined when none match. */
  sum(name: string, where?: SeriesFilter): number | undefined;
  max(name: string, where?: SeriesFilter): number | undefined;
  /** How many current samples match; undefined when the scrape has none of this name. */
  count(name: string, where?: SeriesFilter): number | undefined;
  /** Sum of the matching counters' per-second rates; undefined on a first scrape or without a series in both. */
  rate(name: string, where?: SeriesFilter): number | undefined;
  /** Rate of one current counter sample; undefined without its previous value. */
  sampleRate(name: string, sample: ExpositionSample): number | undefined;
  /** p95 (seconds, or the histogram's unit) of the matching series of histogram `family`, their buckets summed by `le`. */
  p95(family: string, where?: SeriesFilter): number | undefined;
  /** p95 per series of histogram `family` now present (keyed without `le`); undefined where nothing was observed between the scrapes. */
  p95BySeries(family: string, where?: SeriesFilter): Map<string, { labels: Record<string, string>; value: number | undefined }>;
}

/** Which series to read: PromQL matchers without braces (`mode!="idle"`), or a test of the labels. */
export type SeriesFilter = string | ((labels: Record<string, string>) => boolean);

const whereCache = new Map<string, SeriesSelector>();

function compileWhere(where: SeriesFilter): (labels: Record<string, string>) => boolean {
  if (typeof where === 'function') return where;
  let selector = whereCache.get(where);
  if (!selector) {
    selector = parseSeriesSelector(`{__name__!="",${where}}`);
    whereCache.set(where, selector);
  }
  const compiled = selector;
  return (labels) => compiled.matches('_', labels);
}

export function createScrapeReader(current: ScrapeIndex, previous: ScrapeIndex | null, elapsedSeconds: number, resets: Set<string>): ScrapeReader {
  const canRate = previous !== null && elapsedSeconds > 0;

  const samples = (name: string, where?: SeriesFilter): ExpositionSample[] => {
    const all = current.byName.get(name)?.samples ?? [];
    if (!where) return all;
    const test = compileWhere(where);
    return all.filter((sample) => test(sample.labels));
  };

  const sampleRate = (name: string, sample: ExpositionSample): number | undefined => {
    if (!canRate || !Number.isFinite(sample.value)) return undefined;
    const key = sampleKey(sample);
    const before = (previous as ScrapeIndex).valuesOf(name).get(key);
    if (before === undefined || !Number.isFinite(before)) return undefined;
    let increase = sample.value - before;
    if (increase < 0) {
      resets.add(key);
      increase = sample.value;
    }
    return increase / elapsedSeconds;
  };

  /** Bucket increases between the scrapes, per series (labels without `le`). */
  const bucketDeltas = (family: string, where?: SeriesFilter) => {
    const groups = new Map<string, { labels: Record<string, string>; buckets: { le: number; now: number; before: number | undefined }[] }>();
    const name = `${family}_bucket`;
    const beforeValues = canRate ? (previous as ScrapeIndex).valuesOf(name) : undefined;
    for (const sample of samples(name, where)) {
      const le = parseExpositionFloat(sample.labels.le ?? '');
      if (le === undefined || Number.isNaN(le)) continue;
      const key = seriesKey(family, sample.labels, 'le');
      let group = groups.get(key);
      if (!group) {
        const labels = { ...sample.labels };
        delete labels.le;
        group = { labels, buckets: [] };
        groups.set(key, group);
      }
      group.buckets.push({ le, now: sample.value, before: beforeValues?.get(sampleKey(sample)) });
    }
    // Every series present now; `buckets` only when both scrapes have all of its buckets.
    const deltas = new Map<string, { labels: Record<string, string>; buckets?: { le: number; count: number }[] }>();
    for (const [key, group] of groups) {
      if (!canRate || group.buckets.some((b) => b.before === undefined || !Number.isFinite(b.now))) {
        deltas.set(key, { labels: group.labels });
        continue;
      }
      // A bucket that went down: the histogram restarted from zero, so its counts are the increase.
      const reset = group.buckets.some((b) => b.now < (b.before as number));
      if (reset) resets.add(key);
      deltas.set(key, {
        labels: group.labels,
        buckets: group.buckets.map((b) => ({ le: b.le, count: reset ? b.now : b.now - (b.before as number) })),
      });
    }
    return deltas;
  };

  return {
    has: (name) => current.byName.has(name),
    names(pattern, counters) {
      const out: string[] = [];
      for (const [name, { family }] of current.byName) {
        if (pattern.test(name) && (!counters || isCounterSample(family, name))) out.push(name);
      }
      return out.sort();
    },
    firstPresent: (names) => names.find((name) => current.byName.has(name)),
    samples,
    sum(name, where) {
      const matched = samples(name, where).filter((s) => Number.isFinite(s.value));
      return matched.length === 0 ? undefined : matched.reduce((total, s) => total + s.value, 0);
    },
    max(name, where) {
      const matched = samples(name, where).filter((s) => Number.isFinite(s.value));
      return matched.length === 0 ? undefined : Math.max(...matched.map((s) => s.value));
    },
    count(name, where) {
      return current.byName.has(name) ? samples(name, where).length : undefined;
    },
    rate(name, where) {
      let total: number | undefined;
      for (const sample of samples(name, where)) {
        const rate = sampleRate(name, sample);
        if (rate !== undefined) total = (total ?? 0) + rate;
      }
      return total;
    },
    sampleRate,
    p95(family, where) {
      const byLe = new Map<number, number>();
      for (const { buckets } of bucketDeltas(family, where).values()) {
        for (const b of buckets ?? []) byLe.set(b.le, (byLe.get(b.le) ?? 0) + b.count);
      }
      return bucketQuantile(
        0.95,
        [...byLe].map(([le, count]) => ({ le, count })),
      );
    },
    p95BySeries(family, where) {
      const out = new Map<string, { labels: Record<string, string>; value: number | undefined }>();
      for (const [key, { labels, buckets }] of bucketDeltas(family, where)) out.set(key, { labels, value: buckets && bucketQuantile(0.95, buckets) });
      return out;
    },
  };
}
