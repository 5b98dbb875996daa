import { TELEMETRY_PRESETS, type CreateMetricSourceInput, type MetricSourceView, type TelemetryPreset } from '@loadline/shared';
import type { FieldErrors } from '../../forms/field-errors';

/**
 * The "add a metric source" form as typed (strings, one selector a line) and its mapping to
 * the API's body (createMetricSourceSchema), and back from the API's error paths to the
 * form's fields. Pure: unit-tested beside it.
 */
export type SourceKind = 'scrape' | 'promql';
export type AuthChoice = 'none' | 'bearer' | 'basic';

export interface QueryRow {
  /** React key only. */
  id: number;
  name: string;
  expr: string;
  /** '' for none. */
  role: string;
}

export interface SourceDraft {
  kind: SourceKind;
  name: string;
  url: string;
  presets: TelemetryPreset[];
  /** One selector a line. */
  selectors: string;
  cpuCores: string;
  auth: AuthChoice;
  token: string;
  username: string;
  password: string;
  queries: QueryRow[];
  stepSeconds: string;
}

let nextRowId = 1;
export function newQueryRow(): QueryRow {
  return { id: nextRowId++, name: '', expr: '', role: '' };
}

export function emptySourceDraft(kind: SourceKind = 'scrape'): SourceDraft {
  return {
    kind,
    name: '',
    url: '',
    // The schema's default: a service's own /metrics almost always has the process metrics.
    presets: ['process'],
    selectors: '',
    cpuCores: '',
    auth: 'none',
    token: '',
    username: '',
    password: '',
    queries: [newQueryRow()],
    stepSeconds: '1',
  };
}

/** Presets in the contract's order, whatever order they were ticked in. */
export function togglePreset(presets: readonly TelemetryPreset[], preset: TelemetryPreset, on: boolean): TelemetryPreset[] {
  return TELEMETRY_PRESETS.filter((p) => (p === preset ? on : presets.includes(p)));
}

/**
 * A number field's text: '' -> absent, a number -> it, anything else -> the text itself, so the
 * schema's check refuses it at the field ("expected number") rather than it vanishing.
 */
function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** The body for POST /targets/:id/sources, before the schema checks it (the form's `check` does). */
export function sourceInput(draft: SourceDraft): CreateMetricSourceInput {
  const cpuCores = numberOrText(draft.cpuCores);
  const auth =
    draft.auth === 'bearer'
      ? { type: 'bearer' as const, token: draft.token }
      : draft.auth === 'basic'
        ? { type: 'basic' as const, username: draft.username.trim(), password: draft.password }
        : undefined;
  const common = {
    name: draft.name.trim(),
    url: draft.url.trim(),
    ...(auth ? { auth } : {}),
    ...(cpuCores !== undefined ? { cpuCores: cpuCores as number } : {}),
  };
  if (draft.kind === 'promql') {
    const step = numberOrText(draft.stepSeconds);
    return {
      kind: 'promql',
      ...common,
      queries: draft.queries.map((query) => ({ name: query.name.trim(), expr: query.expr.trim(), ...(query.role ? { role: query.role } : {}) })),
      ...(step !== undefined ? { stepSeconds: step as number } : {}),
    };
  }
  return {
    kind: 'scrape',
    ...common,
    presets: [...draft.presets],
    selectors: draft.selectors
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/** The selectors' lines as typed, blank ones skipped: index i of the body is line `lines[i]`. */
function selectorLines(draft: SourceDraft): number[] {
  const lines: number[] = [];
  draft.selectors.split('\n').forEach((line, index) => {
    if (line.trim()) lines.push(index + 1);
  });
  return lines;
}

/**
 * Errors by contract path (client check or the API's details) onto the form's fields: the
 * selectors are one text box, so "selectors.2" shows there as "line 4: …" (blank lines count).
 */
export function mapSourceErrors(errors: FieldErrors, draft: SourceDraft): FieldErrors {
  const lines = selectorLines(draft);
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const selector = /^selectors\.(\d+)$/.exec(path);
    if (selector) {
      const line = lines[Number(selector[1])];
      if (!('selectors' in mapped)) mapped.selectors = line ? `Line ${line}: ${message}` : message;
      continue;
    }
    if (!(path in mapped)) mapped[path] = message;
  }
  return mapped;
}

/** The paths the form shows, in order (for focus, and for what the summary must list). */
export function sourceFieldPaths(draft: SourceDraft): string[] {
  const auth = draft.auth === 'bearer' ? ['auth.token'] : draft.auth === 'basic' ? ['auth.username', 'auth.password'] : [];
  const kindPaths =
    draft.kind === 'scrape'
      ? ['presets', 'selectors']
      : [...draft.queries.flatMap((_, i) => [`queries.${i}.name`, `queries.${i}.expr`, `queries.${i}.role`]), 'queries', 'stepSeconds'];
  return ['kind', 'name', 'url', ...kindPaths, 'cpuCores', 'auth', ...auth];
}

/** What a stored source reads, for the list: "process, queue" / "2 selectors" / "3 queries every 15 s". */
export function sourceSummary(source: MetricSourceView): string {
  if (source.kind === 'promql') {
    const queries = `${source.queries.length} ${source.queries.length === 1 ? 'query' : 'queries'}`;
    return `${queries}${source.stepSeconds ? ` every ${source.stepSeconds} s` : ''}`;
  }
  const parts = [source.presets.length ? `presets: ${source.presets.join(', ')}` : 'no presets'];
  if (source.selectors.length) parts.push(`${source.selectors.length} ${source.selectors.length === 1 ? 'selector' : 'selectors'}`);
  return parts.join(' · ');
}

export const AUTH_LABEL: Record<MetricSourceView['authType'], string> = { none: 'no credentials', bearer: 'bearer token', basic: 'basic auth' };
