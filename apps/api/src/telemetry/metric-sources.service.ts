import { Injectable, Logger } from '@nestjs/common';
import {
  TELEMETRY_LIMITS,
  createMetricSourceSchema,
  zodIssuesToDetails,
  type MetricSourceSpec,
  type MetricSourceView,
  type SourceAuth,
  type TelemetryJobSource,
  type TelemetryPreset,
} from '@loadline/shared';
import { DomainEvents } from '../events/domain-events.js';
import type { Target } from '../generated/prisma/client.js';
import { AddressGuard, bareHost } from '../targets/address-guard.js';
import { SecretBox, SecretUnreadableError } from '../targets/secret-box.js';
import { TargetError } from '../targets/targets.errors.js';
import { TargetsService } from '../targets/targets.service.js';
import type { UpdateMetricSourceInput } from './metric-sources.dto.js';
import { MetricSourcesRepository, type MetricSourceRecord, type MetricSourceRow } from './metric-sources.repository.js';
import { sourceTrust } from './source-trust.js';
import { TelemetryError, TelemetryErrorCode } from './telemetry.errors.js';

/** What a run gets of its target's sources: the job's part, the credentials to seal, and those left out. */
export interface RunSources {
  sources: TelemetryJobSource[];
  /** Credentials by source name, for the sealed job secrets. */
  secrets: Record<string, SourceAuth>;
  refused: { name: string; kind: 'scrape' | 'promql'; reason: string }[];
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === 'P2002';

/** The source as createMetricSourceSchema reads it, without its credentials (never read back). */
function specOf(row: MetricSourceRecord): Record<string, unknown> {
  const common = { name: row.name, url: row.url, ...(row.cpuCores !== null ? { cpuCores: row.cpuCores } : {}) };
  return row.kind === 'promql'
    ? { kind: 'promql', ...common, queries: row.queries, stepSeconds: row.stepSeconds ?? 1 }
    : { kind: 'scrape', ...common, presets: row.presets, selectors: row.selectors };
}

function rowOf(spec: MetricSourceSpec): Omit<MetricSourceRow, 'authType' | 'credentials'> {
  const common = { name: spec.name, url: spec.url, cpuCores: spec.cpuCores ?? null };
  return spec.kind === 'promql'
    ? { ...common, kind: 'promql', presets: [], selectors: [], queries: spec.queries, stepSeconds: spec.stepSeconds }
    : { ...common, kind: 'scrape', presets: spec.presets, selectors: spec.selectors, queries: [], stepSeconds: null };
}

/**
 * A target's metric sources (docs/telemetry.md): added, changed and removed like the target
 * itself, their credentials sealed like its secrets, and each address checked as the load's
 * is, when saved and again when a run starts (DNS may have moved).
 */
@Injectable()
export class MetricSourcesService {
  private readonly logger = new Logger(MetricSourcesService.name);

  constructor(
    private readonly sources: MetricSourcesRepository,
    private readonly targets: TargetsService,
    private readonly guard: AddressGuard,
    private readonly box: SecretBox,
    private readonly events: DomainEvents,
  ) {}

  view(row: MetricSourceRecord): MetricSourceView {
    return {
      id: row.id,
      targetId: row.targetId,
      kind: row.kind === 'promql' ? 'promql' : 'scrape',
      name: row.name,
      url: row.url,
      authType: row.authType === 'bearer' || row.authType === 'basic' ? row.authType : 'none',
      cpuCores: row.cpuCores,
      presets: row.presets as TelemetryPreset[],
      selectors: row.selectors,
      queries: row.queries,
      stepSeconds: row.stepSeconds,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(targetId: string): Promise<MetricSourceView[]> {
    await this.targets.getRecord(targetId);
    return (await this.sources.list(targetId)).map((row) => this.view(row));
  }

  /**
   * The addresses the source's host resolves to now, when every one passes the address policy
   * and the target vouches for them (source-trust.ts); else SOURCE_NOT_ALLOWED, in words.
   */
  async assertTrusted(target: Target, url: string): Promise<string[]> {
    const host = bareHost(new URL(url));
    let addresses: string[];
    try {
      addresses = await this.guard.assertAllowed(url, 'url');
    } catch (error) {
      if (!(error instanceof TargetError)) throw error;
      throw new TelemetryError(TelemetryErrorCode.SOURCE_NOT_ALLOWED, `The metric source at ${host} may not be read: ${error.message}`, error.details);
    }
    const trust = sourceTrust({
      sourceHost: host,
      addresses,
      targetHost: bareHost(new URL(target.baseUrl)),
      targetVerified: target.verifiedAt !== null,
      verifiedAddresses: target.verifiedAddresses,
    });
    if (!trust.allowed) {
      throw new TelemetryError(TelemetryErrorCode.SOURCE_NOT_ALLOWED, `The metric source at ${host} may not be read: ${trust.reason}`, [
        { path: 'url', message: trust.reason },
      ]);
    }
    return addresses;
  }

  private sealed(auth: SourceAuth | undefined | null): Pick<MetricSourceRow, 'authType' | 'credentials'> {
    return auth ? { authType: auth.type, credentials: this.box.seal(auth) } : { authType: 'none', credentials: null };
  }

  private nameTaken(name: string): TelemetryError {
    return new TelemetryError(TelemetryErrorCode.SOURCE_NAME_TAKEN, `The target already has a metric source named "${name}"`, [
      { path: 'name', message: 'taken on this target' },
    ]);
  }

  async create(targetId: string, spec: MetricSourceSpec): Promise<MetricSourceView> {
    const target = await this.targets.getRecord(targetId);
    await this.assertTrusted(target, spec.url);
    const created = await this.sources.create(targetId, { ...rowOf(spec), ...this.sealed(spec.auth) }, TELEMETRY_LIMITS.maxSources).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw this.nameTaken(spec.name);
      throw error;
    });
    if (!created) {
      throw new TelemetryError(TelemetryErrorCode.TOO_MANY_SOURCES, `A target has at most ${TELEMETRY_LIMITS.maxSources} metric sources; remove one first`, [
        { path: 'targetId', message: `at most ${TELEMETRY_LIMITS.maxSources} sources` },
      ]);
    }
    await this.events.emit('metric_source.created', {
      subject: { type: 'target', id: targetId },
      details: { source: created.id, name: created.name, kind: created.kind },
    });
    return this.view(created);
  }

  private async record(targetId: string, id: string): Promise<MetricSourceRecord> {
    await this.targets.getRecord(targetId);
    const row = await this.sources.find(targetId, id);
    if (!row) throw TelemetryError.notFound(id);
    return row;
  }

  async update(targetId: string, id: string, patch: UpdateMetricSourceInput): Promise<MetricSourceView> {
    const current = await this.record(targetId, id);
    const foreign = (current.kind === 'promql' ? ['presets', 'selectors'] : ['queries', 'stepSeconds']).filter((field) => field in patch);
    if (foreign.length) {
      throw new TelemetryError(
        TelemetryErrorCode.SOURCE_INVALID,
        `A ${current.kind} source has no ${foreign.join(' or ')} (the kind of a source does not change: remove it and add another)`,
        foreign.map((field) => ({ path: field, message: `not a field of a ${current.kind} source` })),
      );
    }
    const { auth, cpuCores, ...rest } = patch;
    const merged = { ...specOf(current), ...rest, ...(cpuCores !== undefined ? { cpuCores: cpuCores ?? undefined } : {}) };
    const parsed = createMetricSourceSchema.safeParse(merged);
    if (!parsed.success) {
      const details = zodIssuesToDetails(parsed.error);
      throw new TelemetryError(
        TelemetryErrorCode.SOURCE_INVALID,
        `The metric source as changed is not valid${details[0] ? `: ${details[0].path}: ${details[0].message}` : ''}`,
        details,
      );
    }
    if (patch.url !== undefined) await this.assertTrusted(await this.targets.getRecord(targetId), parsed.data.url);
    const updated = await this.sources.update(id, { ...rowOf(parsed.data), ...(auth !== undefined ? this.sealed(auth) : {}) }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw this.nameTaken(parsed.data.name);
      throw error;
    });
    await this.events.emit('metric_source.updated', {
      subject: { type: 'target', id: targetId },
      details: { source: id, name: updated.name, kind: updated.kind, changed: Object.keys(patch) },
    });
    return this.view(updated);
  }

  async remove(targetId: string, id: string): Promise<void> {
    const current = await this.record(targetId, id);
    await this.sources.remove(id);
    await this.events.emit('metric_source.deleted', {
      subject: { type: 'target', id: targetId },
      details: { source: id, name: current.name, kind: current.kind },
    });
  }

  /**
   * The target's sources for a run starting now: each host resolved and checked again, the
   * addresses pinned (the runner connects to nothing else), credentials opened for sealing
   * into the job. A source that is no longer allowed is left out and said so in the run's
   * report; it never stops the run.
   */
  async forRun(targetId: string): Promise<RunSources> {
    const target = await this.targets.getRecord(targetId);
    const rows = await this.sources.list(targetId);
    const result: RunSources = { sources: [], secrets: {}, refused: [] };
    for (const row of rows) {
      const kind = row.kind === 'promql' ? 'promql' : 'scrape';
      try {
        const addresses = await this.assertTrusted(target, row.url);
        if (row.credentials) result.secrets[row.name] = this.box.open<SourceAuth>(row.credentials);
        result.sources.push({
          name: row.name,
          kind,
          url: row.url,
          addresses,
          presets: row.presets as TelemetryPreset[],
          selectors: row.selectors,
          queries: row.queries,
          stepSeconds: row.stepSeconds ?? 1,
          ...(row.cpuCores !== null ? { cpuCores: row.cpuCores } : {}),
        });
      } catch (error) {
        const reason =
          error instanceof TelemetryError
            ? error.message
            : error instanceof SecretUnreadableError
              ? `The credentials of metric source "${row.name}" cannot be opened with this installation's LOADLINE_SECRET_KEY (sealed under another key): write them again.`
              : null;
        if (reason === null) throw error;
        this.logger.warn({ targetId, source: row.name, reason }, 'metric source left out of a run');
        result.refused.push({ name: row.name, kind, reason });
      }
    }
    return result;
  }
}
