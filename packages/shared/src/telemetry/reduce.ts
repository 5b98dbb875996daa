import type { ParsedExposition } from './exposition.js';
import type { TelemetryJobSource } from './job.js';
import { PRESET_RULES, type PresetSeriesRule } from './presets.js';
import { parseSeriesSelector, type SeriesSelector } from './promql-selector.js';
import { indexScrape, isCounterSample, sampleKey, type ScrapeIndex } from './reduce-index.js';
import { createScrapeReader, type ScrapeReader } from './reduce-reader.js';
import type { TelemetrySeries } from './sample.js';
import { TELEMETRY_LIMITS, TELEMETRY_PRESETS, type TelemetryPreset } from './source.js';

/** One read of a scrape source: when it was read (the runner's clock) and what it said. */
export interface Scrape {
  atMs: number;
  exposition: ParsedExposition;
}

/** One second of a scrape source, reduced to its kept series. */
export interface ScrapeReduction {
  /** The source's catalog as of this scrape: role series first (presets' order), then the selectors' (each sorted by key). */
  series: TelemetrySeries[];
  /** Kept series' values by key; a series without a value this time (first scrape's rates, no observation) is absent. */
  values: Record<string, number>;
  /** Keys of counters (and histograms) that went down since the previous scrape: their process restarted. */
  counterResets: string[];
}

type Unit = TelemetrySeries['unit'];

/** The longest key the stored seconds accept (telemetrySeriesSchema). */
const MAX_KEY = 300;

/**
 * Key of a preset's series: its name, or `<preset>_<name>` when two of the source's presets give
 * a series of that name (node_exporter also exports its own process_*, so `process` and `node`
 * on one source both give cpu_cores). Stable for a source, whatever a scrape holds.
 */
export function presetSeriesKeys(presets: readonly TelemetryPreset[]): { preset: TelemetryPreset; rule: PresetSeriesRule; key: string }[] {
  const chosen = TELEMETRY_PRESETS.filter((preset) => presets.includes(preset));
  const uses = new Map<string, number>();
  for (const preset of chosen) for (const rule of PRESET_RULES[preset]) uses.set(rule.name, (uses.get(rule.name) ?? 0) + 1);
  return chosen.flatMap((preset) =>
    PRESET_RULES[preset].map((rule) => ({ preset, rule, key: (uses.get(rule.name) ?? 0) > 1 ? `${preset}_${rule.name}` : rule.name })),
  );
}

function rulePresent(rule: PresetSeriesRule, reader: ScrapeReader): boolean {
  return rule.metrics.some((metric) => (typeof metric === 'string' ? reader.has(metric) : reader.names(metric, rule.kind === 'rate').length > 0));
}

function unitOf(name: string, kind: TelemetrySeries['kind']): Unit {
  if (kind === 'rate') return /cpu(_usage)?_seconds_total$/.test(name) ? 'cores' : 'per_second';
  if (name.endsWith('_seconds')) return 'seconds';
  if (kind === 'p95') return 'none';
  if (name.endsWith('_bytes')) return 'bytes';
  if (name.endsWith('_ratio')) return 'ratio';
  return 'none';
}

interface Kept {
  series: TelemetrySeries;
  value: number | undefined;
}

/** The series one selector keeps from this scrape, sorted by key. */
function selectorSeries(selector: SeriesSelector, index: ScrapeIndex, reader: ScrapeReader): Kept[] {
  const out: Kept[] = [];
  const names = selector.metric !== undefined ? [selector.metric] : [...index.byName.keys(), ...index.families.keys()];
  for (const name of new Set(names)) {
    const family = index.families.get(name);
    // A histogram named by its family: one p95 per series (its labels without `le`).
    if (family && (family.type === 'histogram' || family.type === 'gaugehistogram') && !index.byName.has(name)) {
      for (const [key, { value }] of reader.p95BySeries(name, (labels) => selector.matches(name, labels))) {
        out.push({ series: { key, kind: 'p95', unit: unitOf(name, 'p95') }, value });
      }
      continue;
    }
    // An OpenMetrics counter named by its family (`jobs`) is read from its `jobs_total`.
    const entry = index.byName.get(name) ?? (family?.type === 'counter' ? index.byName.get(`${name}_total`) : undefined);
    if (!entry) continue;
    const counter = isCounterSample(entry.family, entry.samples[0]?.name ?? name);
    for (const sample of entry.samples) {
      if (!selector.matches(name, sample.labels)) continue;
      const kind = counter ? 'rate' : 'gauge';
      const value = counter ? reader.sampleRate(sample.name, sample) : sample.value;
      out.push({ series: { key: sampleKey(sample), kind, unit: unitOf(sample.name, kind) }, value });
    }
  }
  return out.sort((a, b) => (a.series.key < b.series.key ? -1 : a.series.key > b.series.key ? 1 : 0));
}

const selectorCache = new Map<string, SeriesSelector | null>();

function compiledSelector(text: string): SeriesSelector | null {
  if (!selectorCache.has(text)) {
    let selector: SeriesSelector | null = null;
    try {
      selector = parseSeriesSelector(text);
    } catch {
      // Refused when the source is saved (selectorProblem); one that slipped through keeps nothing.
    }
    if (selectorCache.size > 1_000) selectorCache.clear();
    selectorCache.set(text, selector);
  }
  return selectorCache.get(text) ?? null;
}

/**
 * Reduces a scrape to the source's kept series: the presets' role series (summed where the
 * preset says), then the user's selectors' series; at most TELEMETRY_LIMITS.maxKeptSeries, in
 * that deterministic order. Gauges are read as they are; counters become per-second rates and
 * histograms the p95 of what they observed since `previous`, so the first scrape (`previous`
 * null) gives gauges only.
 */
export function reduceScrape(source: TelemetryJobSource, previous: Scrape | null, current: Scrape): ScrapeReduction {
  const index = indexScrape(current.exposition);
  const before = previous ? indexScrape(previous.exposition) : null;
  const elapsedSeconds = previous ? (current.atMs - previous.atMs) / 1000 : 0;
  const resets = new Set<string>();
  const reader = createScrapeReader(index, before, elapsedSeconds, resets);

  const series: TelemetrySeries[] = [];
  const values: Record<string, number> = {};
  const keys = new Set<string>();
  const keep = ({ series: one, value }: Kept): boolean => {
    if (series.length >= TELEMETRY_LIMITS.maxKeptSeries) return false;
    if (keys.has(one.key) || one.key.length > MAX_KEY) return true;
    keys.add(one.key);
    series.push(one);
    if (value !== undefined && Number.isFinite(value)) values[one.key] = value;
    return true;
  };

  for (const { rule, key } of presetSeriesKeys(source.presets ?? [])) {
    if (!rulePresent(rule, reader)) continue;
    const one: TelemetrySeries = { key, kind: rule.kind, unit: rule.unit, ...(rule.role ? { role: rule.role } : {}) };
    if (!keep({ series: one, value: rule.read(reader) })) break;
  }
  selectors: for (const text of source.selectors ?? []) {
    const selector = compiledSelector(text);
    if (!selector) continue;
    for (const kept of selectorSeries(selector, index, reader)) if (!keep(kept)) break selectors;
  }
  return { series, values, counterResets: [...resets].sort() };
}
