import { Injectable, Logger } from '@nestjs/common';
import {
  isTerminalRunStatus,
  telemetryFindings,
  telemetryJudge,
  type Capacity,
  type JobPayload,
  type MergedSecond,
  type PlanSpec,
  type RunTelemetry,
  type TelemetryCatalog,
  type TelemetryJudge,
  type TelemetryReport,
} from '@loadline/shared';
import { RunTelemetryRepository } from './run-telemetry.repository.js';
import { mergeSecond, minuteOf, secondsOf, sourceView } from './telemetry-minute.js';
import { findingsInput, type StoredSourceTelemetry } from './findings-input.js';

/** Seconds before the run was created and after it ended that are still its (the baseline and the recovery). */
const WINDOW_BEFORE_SECONDS = 30;
const WINDOW_AFTER_SECONDS = 120;
/** What a catalog may describe (telemetryCatalogSchema). */
const MAX_CATALOG_SERIES = 200;

/**
 * A run's telemetry: ingest of what the runner of segment 0 reads from the target's metric
 * sources (queue "results", jobs telemetry.second and telemetry.catalog), the charts' view of
 * it, and the report worked out when the run ends. Ingest is idempotent and bounded: only the
 * sources the run was started with, only seconds within the run's window, at most
 * TELEMETRY_LIMITS.maxKeptSeries series per source (telemetry-minute.ts).
 */
@Injectable()
export class RunTelemetryService {
  private readonly logger = new Logger(RunTelemetryService.name);

  constructor(private readonly repo: RunTelemetryRepository) {}

  /** Records the sources a run was started with, and those refused at its start (with why). */
  register(runId: string, given: { name: string; kind: 'scrape' | 'promql' }[], refused: { name: string; kind: 'scrape' | 'promql'; reason: string }[]) {
    return this.repo.register(runId, [
      ...given.map((source) => ({ source: source.name, kind: source.kind })),
      ...refused.map((source) => ({ source: source.name, kind: source.kind, refused: source.reason })),
    ]);
  }

  async second(payload: JobPayload<'results', 'telemetry.second'>): Promise<void> {
    const { runId, sample } = payload;
    const source = await this.repo.source(runId, sample.source);
    if (!source || source.refused) {
      this.logger.warn({ runId, source: sample.source }, 'telemetry of a source the run was not started with dropped');
      return;
    }
    const run = await this.repo.window(runId);
    if (!run) return;
    const from = Math.floor(run.createdAt.getTime() / 1000) - WINDOW_BEFORE_SECONDS;
    const end = run.finishedAt ?? run.deadlineAt ?? new Date();
    const until = Math.floor(end.getTime() / 1000) + WINDOW_AFTER_SECONDS;
    if (sample.t < from || sample.t > until) {
      this.logger.warn({ runId, source: sample.source, t: sample.t, from, until }, "telemetry second outside the run's window dropped");
      return;
    }
    await this.repo.updateMinute(runId, sample.source, minuteOf(sample.t), (current) => mergeSecond(current, sample, source.catalog));
  }

  async catalog(payload: JobPayload<'results', 'telemetry.catalog'>): Promise<void> {
    const { runId, catalog } = payload;
    const source = await this.repo.source(runId, catalog.source);
    if (!source || source.refused) {
      this.logger.warn({ runId, source: catalog.source }, 'catalog of a source the run was not started with dropped');
      return;
    }
    // A catalog is sent again when it changes: what it says now first, then what it said before.
    await this.repo.updateCatalog(runId, catalog.source, (current) => mergeCatalogs(current, { ...catalog, kind: source.kind }));
  }

  private async stored(runId: string): Promise<{ sources: StoredSourceTelemetry[]; registeredAt: Map<string, number> }> {
    const sources = await this.repo.sources(runId);
    if (!sources.length) return { sources: [], registeredAt: new Map() };
    const minutes = await this.repo.minutes(runId);
    return {
      sources: sources.map((source) => ({ ...source, seconds: secondsOf(source.source, minutes.get(source.source) ?? [], source.catalog) })),
      registeredAt: new Map(sources.map((source) => [source.source, Math.floor(source.createdAt.getTime() / 1000)])),
    };
  }

  /** Per source, its catalog and seconds on one axis (GET /runs/:id/telemetry, exports, the share page). */
  async view(runId: string): Promise<RunTelemetry> {
    const { sources, registeredAt } = await this.stored(runId);
    return { sources: sources.map((source) => sourceView({ ...source, registeredAt: registeredAt.get(source.source)! }, source.seconds)) };
  }

  /** The run's telemetry and whether the run has ended (it no longer changes then); null when there is no such run. */
  async ofRun(runId: string): Promise<{ telemetry: RunTelemetry; final: boolean } | null> {
    const run = await this.repo.window(runId);
    if (!run) return null;
    return { telemetry: await this.view(runId), final: isTerminalRunStatus(run.status) };
  }

  /**
   * Judges the plan's telemetry thresholds on what the run stored, before its outcome is
   * decided (the thresholds are part of the verdict). `merged`: the load's seconds, asked for
   * only when there are sources.
   */
  async judge(runId: string, spec: PlanSpec, merged: () => readonly MergedSecond[]): Promise<TelemetryJudge> {
    const { sources } = await this.stored(runId);
    if (!sources.length) return telemetryJudge(null, 'the run read no metric source (its target has none)');
    // The knee (from the capacity statement) only places findings in words; judging needs none.
    return telemetryJudge(findingsInput({ spec, merged: merged(), capacity: null, sources }), 'no second of load was measured');
  }

  /**
   * The findings of the run's telemetry, kept with the run before it is marked ended (a
   * finished run's view never changes). Null without sources. `merged`: the load's seconds,
   * asked for only when there are sources.
   */
  async conclude(runId: string, spec: PlanSpec, merged: () => readonly MergedSecond[], capacity: Capacity | null): Promise<TelemetryReport | null> {
    const { sources } = await this.stored(runId);
    if (!sources.length) return null;
    const input = findingsInput({ spec, merged: merged(), capacity, sources });
    const report = input ? telemetryFindings(input) : null;
    await this.repo.saveReport(runId, report);
    return report;
  }
}

export function mergeCatalogs(current: TelemetryCatalog | null, next: TelemetryCatalog): TelemetryCatalog {
  const keys = new Set(next.series.map((series) => series.key));
  const kept = (current?.series ?? []).filter((series) => !keys.has(series.key));
  return { ...next, series: [...next.series, ...kept].slice(0, MAX_CATALOG_SERIES) };
}
