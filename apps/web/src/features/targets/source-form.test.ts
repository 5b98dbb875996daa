import { describe, expect, it } from 'vitest';
import { createMetricSourceSchema, type MetricSourceView } from '@loadline/shared';
import { zodErrorToFieldErrors } from '../../forms/field-errors';
import { emptySourceDraft, mapSourceErrors, sourceFieldPaths, sourceInput, sourceSummary, togglePreset, type SourceDraft } from './source-form';

const scrape = (patch: Partial<SourceDraft> = {}): SourceDraft => ({
  ...emptySourceDraft('scrape'),
  name: 'api',
  url: 'http://127.0.0.1:9100/metrics',
  ...patch,
});

describe('sourceInput', () => {
  it('maps a scrape source: presets, one selector a line (blanks skipped), cores as a number, no auth when none', () => {
    const input = sourceInput(scrape({ presets: ['process', 'queue'], selectors: 'jobs_waiting\n\n  app_pool{pool="db"}  \n', cpuCores: ' 1 ' }));
    expect(input).toEqual({
      kind: 'scrape',
      name: 'api',
      url: 'http://127.0.0.1:9100/metrics',
      presets: ['process', 'queue'],
      selectors: ['jobs_waiting', 'app_pool{pool="db"}'],
      cpuCores: 1,
    });
    expect(createMetricSourceSchema.safeParse(input).success).toBe(true);
  });

  it('leaves out empty optional numbers and sends bearer or basic credentials as chosen', () => {
    expect(sourceInput(scrape({ auth: 'bearer', token: 's3cret' }))).toMatchObject({ auth: { type: 'bearer', token: 's3cret' } });
    expect(sourceInput(scrape({ auth: 'basic', username: ' scraper ', password: 'pw' }))).toMatchObject({
      auth: { type: 'basic', username: 'scraper', password: 'pw' },
    });
    const plain = sourceInput(scrape({ token: 'typed but not chosen' }));
    expect(plain).not.toHaveProperty('auth');
    expect(plain).not.toHaveProperty('cpuCores');
  });

  it('keeps text that is not a number, so the schema refuses it at the field', () => {
    const parsed = createMetricSourceSchema.safeParse(sourceInput(scrape({ cpuCores: 'four' })));
    expect(parsed.success).toBe(false);
    expect(Object.keys(zodErrorToFieldErrors(parsed.error!))).toEqual(['cpuCores']);
  });

  it('maps a PromQL source: queries with their role when one is picked, and the step', () => {
    const draft: SourceDraft = {
      ...emptySourceDraft('promql'),
      name: 'prom',
      url: 'http://127.0.0.1:9090',
      stepSeconds: '5',
      queries: [
        { id: 1, name: 'api_cpu', expr: ' rate(process_cpu_seconds_total[1m]) ', role: 'cpu_cores' },
        { id: 2, name: 'inflight', expr: 'sum(http_in_flight)', role: '' },
      ],
    };
    const input = sourceInput(draft);
    expect(input).toEqual({
      kind: 'promql',
      name: 'prom',
      url: 'http://127.0.0.1:9090',
      stepSeconds: 5,
      queries: [
        { name: 'api_cpu', expr: 'rate(process_cpu_seconds_total[1m])', role: 'cpu_cores' },
        { name: 'inflight', expr: 'sum(http_in_flight)' },
      ],
    });
    expect(createMetricSourceSchema.safeParse(input).success).toBe(true);
  });
});

describe('togglePreset', () => {
  it('keeps the contract order whatever the order of ticking', () => {
    expect(togglePreset(['queue'], 'process', true)).toEqual(['process', 'queue']);
    expect(togglePreset(['process', 'queue'], 'process', false)).toEqual(['queue']);
  });
});

describe('mapSourceErrors', () => {
  it('shows a selector error on the selectors box with the line it is on (blank lines count)', () => {
    const draft = scrape({ selectors: 'ok_metric\n\n9bad' });
    const parsed = createMetricSourceSchema.safeParse(sourceInput(draft));
    expect(parsed.success).toBe(false);
    const errors = mapSourceErrors(zodErrorToFieldErrors(parsed.error!), draft);
    expect(errors.selectors).toMatch(/^Line 3: A metric name/);
    expect(Object.keys(errors)).toEqual(['selectors']);
  });

  it('passes the API’s own paths through (url from SOURCE_NOT_ALLOWED)', () => {
    expect(mapSourceErrors({ url: 'not the target’s host' }, scrape())).toEqual({ url: 'not the target’s host' });
  });
});

describe('sourceFieldPaths', () => {
  it('lists the fields of the kind and credentials chosen', () => {
    expect(sourceFieldPaths(scrape({ auth: 'basic' }))).toEqual([
      'kind',
      'name',
      'url',
      'presets',
      'selectors',
      'cpuCores',
      'auth',
      'auth.username',
      'auth.password',
    ]);
    expect(sourceFieldPaths({ ...emptySourceDraft('promql') })).toContain('queries.0.expr');
  });
});

describe('sourceSummary', () => {
  const base: MetricSourceView = {
    id: 's1',
    targetId: 't1',
    kind: 'scrape',
    name: 'api',
    url: 'http://127.0.0.1:1/metrics',
    authType: 'none',
    cpuCores: null,
    presets: ['process', 'queue'],
    selectors: ['a', 'b'],
    queries: [],
    stepSeconds: null,
    createdAt: '2026-11-27T00:00:00Z',
  };
  it('says what a source keeps', () => {
    expect(sourceSummary(base)).toBe('presets: process, queue · 2 selectors');
    expect(sourceSummary({ ...base, kind: 'promql', presets: [], selectors: [], queries: [{ name: 'q', expr: 'up' }], stepSeconds: 15 })).toBe(
      '1 query every 15 s',
    );
  });
});
