import type { RunView } from '../runs.js';
import type { RunSeries } from '../series-view.js';
import type { PlanTrend } from './trend.js';
import type { RunTelemetry } from '../telemetry/view.js';
import { runPhases } from '../run-phases.js';
import { publicName, publicShareSchema, scrubPublicText, type PublicShare } from './share.js';

/** What a share link shows, before it is made public. */
export type ShareSubject = { kind: 'run'; run: RunView; series: RunSeries; telemetry?: RunTelemetry | null } | { kind: 'trend'; trend: PlanTrend };

/**
 * Ids name internal rows; the public page knows runs by their time. A run's manifest names the
 * target's URL and addresses and the builds behind the load: the organization's, not the public's.
 */
const DROPPED = new Set(['id', 'planId', 'targetId', 'runId', 'previousRunId', 'cancelRequestedAt', 'queue', 'manifest']);
/** Shown as nothing: which runner ran it, another run's id. */
const NULLED = new Set(['runnerId', 'baselineRunId']);
/** Fields whose strings are names a script or plan chose: URLs keep only their path. */
const NAMES = new Set(['name', 'request', 'scenario']);
/** Objects whose keys are request names (a series second's or a trend point's `requests`). */
const KEYED_BY_NAME = new Set(['requests']);

function clean(value: unknown, key: string): unknown {
  if (typeof value === 'string') return NAMES.has(key) ? publicName(value) : scrubPublicText(value);
  if (Array.isArray(value)) return value.map((item) => clean(item, `${key}[]`));
  if (value === null || typeof value !== 'object') return value;
  const byName = KEYED_BY_NAME.has(key);
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    if (DROPPED.has(field)) continue;
    out[byName ? publicName(field) : field] = NULLED.has(field) ? null : clean(inner, byName ? '' : field);
  }
  return out;
}

/**
 * The one way a run report or a plan's trend becomes public (share links): ids, runner names
 * and where a run stood in line go; names keep only the path of a URL; every other text
 * loses URLs, addresses, host:port pairs and file paths (scrubPublicText). It ends by parsing
 * with publicShareSchema, so nothing that schema does not name is let through:
 * public-share.test.ts lists every field it lets through.
 */
export function toPublicShare(subject: ShareSubject, expiresAt: string | null): PublicShare {
  if (subject.kind === 'run') {
    // Telemetry carries no URL, address or credential of a source (runTelemetrySchema); its
    // texts (series keys' label values, read errors) are scrubbed like every other text.
    const telemetry = subject.telemetry ? clean(subject.telemetry, '') : null;
    // The manifest stays private; the phases it holds (scenario names and seconds) are what the
    // load chart already shows, named like the summary's scenarios.
    const run = { ...subject.run, phases: runPhases(subject.run.manifest?.load) };
    return publicShareSchema.parse({ kind: 'run', run: clean(run, ''), series: clean(subject.series, ''), telemetry, expiresAt });
  }
  // A change point is known by when the run at the new level was made, not by its run id.
  const createdAt = new Map(subject.trend.points.map((point) => [point.runId, point.createdAt]));
  const trend = { ...subject.trend, changePoints: subject.trend.changePoints.map((change) => ({ ...change, at: createdAt.get(change.runId) ?? '' })) };
  return publicShareSchema.parse({ kind: 'trend', trend: clean(trend, ''), expiresAt });
}
