import type { CreateMetricSourceInput, MetricSourceView, SourceAuth, TelemetryPreset } from '@loadline/shared';
import { emptySourceDraft, newQueryRow, sourceInput, type SourceDraft } from './source-form';

/**
 * Editing a stored metric source: the form's draft from what the API shows (credentials are
 * never shown back: their fields start blank), and the PATCH body from the draft. Blank
 * credentials of the kind already stored keep the sealed secret; "None" removes it; anything
 * typed replaces it. Pure: unit-tested beside it.
 */

export function draftFromSource(source: MetricSourceView): SourceDraft {
  return {
    ...emptySourceDraft(source.kind),
    name: source.name,
    url: source.url,
    presets: [...source.presets],
    selectors: source.selectors.join('\n'),
    cpuCores: source.cpuCores === null ? '' : String(source.cpuCores),
    auth: source.authType,
    queries: source.queries.length
      ? source.queries.map((query) => ({ ...newQueryRow(), name: query.name, expr: query.expr, role: query.role ?? '' }))
      : [newQueryRow()],
    stepSeconds: source.stepSeconds === null ? '1' : String(source.stepSeconds),
  };
}

/** Whether the draft keeps the stored credentials: same kind, nothing typed in their fields. */
export function keepsStoredAuth(draft: SourceDraft, source: MetricSourceView): boolean {
  if (draft.auth !== source.authType || draft.auth === 'none') return false;
  return draft.auth === 'bearer' ? !draft.token : !draft.username.trim() && !draft.password;
}

/**
 * What the form checks with createMetricSourceSchema before it sends the change: the source as
 * it will be, without credentials when the stored ones are kept (they are not in the browser).
 */
export function editedSourceInput(draft: SourceDraft, source: MetricSourceView): CreateMetricSourceInput {
  const input = sourceInput(draft);
  if (!keepsStoredAuth(draft, source)) return input;
  const { auth: _kept, ...rest } = input;
  return rest as CreateMetricSourceInput;
}

/** The body of PATCH /targets/:id/sources/:sourceId (its schema: apps/api metric-sources.dto.ts). */
export interface SourcePatch {
  name: string;
  url: string;
  auth?: SourceAuth | null;
  cpuCores: number | null;
  presets?: TelemetryPreset[];
  selectors?: string[];
  queries?: { name: string; expr: string; role?: string }[];
  stepSeconds?: number;
}

/**
 * The change as the API takes it: every field the form shows, credentials only when they
 * change (null removes them), cpuCores null when cleared. The kind never changes.
 */
export function sourcePatch(draft: SourceDraft, source: MetricSourceView): SourcePatch {
  const input = sourceInput(draft);
  const patch: SourcePatch = { name: input.name, url: input.url, cpuCores: input.cpuCores ?? null };
  if (draft.auth === 'none') {
    if (source.authType !== 'none') patch.auth = null;
  } else if (!keepsStoredAuth(draft, source) && input.auth) {
    patch.auth = input.auth;
  }
  if (input.kind === 'scrape') {
    patch.presets = input.presets;
    patch.selectors = input.selectors;
  } else {
    patch.queries = input.queries;
    if (input.stepSeconds !== undefined) patch.stepSeconds = input.stepSeconds;
  }
  return patch;
}
