import type { TelemetryCatalog, TelemetrySecond, TelemetrySeries } from '@loadline/shared';

/** What a source's output hands on: a catalog (numbered from 0) before the seconds that use it. */
export interface TelemetrySink {
  catalog(catalog: TelemetryCatalog, n: number): void;
  second(second: TelemetrySecond): void;
}

/** Seconds of baseline kept from before the start signal (the newest ones). */
export const BASELINE_SECONDS_MAX = 5;
/** Series a catalog may describe (telemetryCatalogSchema); values of series past it are dropped. */
export const CATALOG_SERIES_MAX = 200;

/**
 * The way out of one source, in the order seconds were read: holds the seconds read before
 * the load began (the newest BASELINE_SECONDS_MAX of them, sent at the start; none if the run
 * never starts), and sends the source's catalog with its first second and again whenever a
 * second carries a series the last catalog did not describe (or describes it otherwise). The
 * catalog is the union of every series sent in the run, so an earlier second stays readable.
 */
export class SourceOutput {
  private readonly described = new Map<string, TelemetrySeries>();
  private catalogs = 0;
  private held: { second: TelemetrySecond; series: readonly TelemetrySeries[] }[] = [];
  private open = false;
  private closed = false;
  /** Seconds sent, and those of them that carried an error: for the log at the end. */
  sent = 0;
  failed = 0;

  constructor(
    readonly meta: Pick<TelemetryCatalog, 'source' | 'kind' | 'cpuCores'>,
    private readonly sink: TelemetrySink,
  ) {}

  /** A second read (or failed) and the series its values are keyed by. */
  push(second: TelemetrySecond, series: readonly TelemetrySeries[]): void {
    if (this.closed) return;
    if (!this.open) {
      this.held.push({ second, series });
      if (this.held.length > BASELINE_SECONDS_MAX) this.held.shift();
      return;
    }
    this.send(second, series);
  }

  /** The load began at Unix second `startSecond`: the held baseline before it goes out, then every second as read. */
  start(startSecond: number): void {
    if (this.open || this.closed) return;
    this.open = true;
    const held = this.held.filter((entry) => entry.second.t >= startSecond - BASELINE_SECONDS_MAX);
    this.held = [];
    for (const entry of held) this.send(entry.second, entry.series);
  }

  /** Nothing more goes out (a run given up before its start drops its baseline). */
  close(): void {
    this.closed = true;
    this.held = [];
  }

  private send(second: TelemetrySecond, series: readonly TelemetrySeries[]): void {
    let changed = this.catalogs === 0;
    let dropped = false;
    for (const entry of series) {
      const known = this.described.get(entry.key);
      if (known) {
        if (known.kind !== entry.kind || known.role !== entry.role || known.unit !== entry.unit) {
          this.described.set(entry.key, entry);
          changed = true;
        }
      } else if (this.described.size < CATALOG_SERIES_MAX) {
        this.described.set(entry.key, entry);
        changed = true;
      } else dropped = true;
    }
    if (changed) this.sink.catalog({ ...this.meta, series: [...this.described.values()] }, this.catalogs++);
    // Rare (a source whose series churn past the catalog's size): only then is a copy made.
    const values = dropped ? Object.fromEntries(Object.entries(second.values).filter(([key]) => this.described.has(key))) : second.values;
    this.sent++;
    if (second.error) this.failed++;
    this.sink.second(dropped ? { ...second, values } : second);
  }
}
