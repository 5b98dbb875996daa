import type { ExpositionSample, MetricFamily, ParsedExposition } from './exposition.js';

/** A scrape's samples by their own name (`x_bucket`, `x_total`, ...), each with its family. */
export interface ScrapeIndex {
  byName: Map<string, { family: MetricFamily; samples: ExpositionSample[] }>;
  families: Map<string, MetricFamily>;
  /** Values by series key, per sample name, made on first use (the previous scrape's rates read them). */
  valuesOf(name: string): Map<string, number>;
}

function escapeLabelValue(value: string): string {
  if (!value.includes('\\') && !value.includes('"') && !value.includes('\n')) return value;
  return value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/**
 * The stable key of a series: `metric{a="1",b="2"}` with the labels sorted and their values
 * escaped as in the exposition (so two series never share a key); `metric` alone without labels.
 * `omit` leaves one label out (a histogram bucket's `le`).
 */
export function seriesKey(name: string, labels: Record<string, string>, omit?: string): string {
  const names = Object.keys(labels)
    .filter((label) => label !== omit)
    .sort();
  if (names.length === 0) return name;
  return `${name}{${names.map((label) => `${label}="${escapeLabelValue(labels[label] as string)}"`).join(',')}}`;
}

const sampleKeys = new WeakMap<ExpositionSample, string>();

/** A sample's own series key, made once (a scrape is read again as the next one's previous). */
export function sampleKey(sample: ExpositionSample): string {
  let key = sampleKeys.get(sample);
  if (key === undefined) {
    key = seriesKey(sample.name, sample.labels);
    sampleKeys.set(sample, key);
  }
  return key;
}

const cache = new WeakMap<ParsedExposition, ScrapeIndex>();

/** Indexes a parsed scrape once (cached, so the next reduction's "previous" costs nothing). */
export function indexScrape(exposition: ParsedExposition): ScrapeIndex {
  const cached = cache.get(exposition);
  if (cached) return cached;
  const byName = new Map<string, { family: MetricFamily; samples: ExpositionSample[] }>();
  const families = new Map<string, MetricFamily>();
  for (const family of exposition.families) {
    families.set(family.name, family);
    for (const sample of family.samples) {
      let entry = byName.get(sample.name);
      if (!entry) {
        entry = { family, samples: [] };
        byName.set(sample.name, entry);
      }
      entry.samples.push(sample);
    }
  }
  const values = new Map<string, Map<string, number>>();
  const index: ScrapeIndex = {
    byName,
    families,
    valuesOf(name) {
      let map = values.get(name);
      if (!map) {
        map = new Map();
        for (const sample of byName.get(name)?.samples ?? []) map.set(sampleKey(sample), sample.value);
        values.set(name, map);
      }
      return map;
    },
  };
  cache.set(exposition, index);
  return index;
}

/** Whether samples of this name count up (read as a rate): counters, and untyped `_total`s. */
export function isCounterSample(family: MetricFamily, name: string): boolean {
  switch (family.type) {
    case 'counter':
      return !name.endsWith('_created');
    case 'histogram':
    case 'summary':
      return name.endsWith('_count') || name.endsWith('_sum') || name.endsWith('_bucket');
    case 'untyped':
      return name.endsWith('_total');
    default:
      return false;
  }
}
