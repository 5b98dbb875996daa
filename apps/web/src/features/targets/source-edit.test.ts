import { describe, expect, it } from 'vitest';
import { createMetricSourceSchema, type MetricSourceView } from '@loadline/shared';
import { draftFromSource, editedSourceInput, keepsStoredAuth, sourcePatch } from './source-edit';

const stored = (patch: Partial<MetricSourceView> = {}): MetricSourceView => ({
  id: 'src1',
  targetId: 't1',
  kind: 'scrape',
  name: 'api',
  url: 'http://127.0.0.1:9100/metrics',
  authType: 'bearer',
  cpuCores: 4,
  presets: ['process', 'http'],
  selectors: ['jobs_waiting', 'app_pool{pool="db"}'],
  queries: [],
  stepSeconds: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  ...patch,
});

describe('editing a metric source', () => {
  it('starts from what the API shows, credentials blank', () => {
    const draft = draftFromSource(stored());
    expect(draft).toMatchObject({
      kind: 'scrape',
      name: 'api',
      url: 'http://127.0.0.1:9100/metrics',
      presets: ['process', 'http'],
      selectors: 'jobs_waiting\napp_pool{pool="db"}',
      cpuCores: '4',
      auth: 'bearer',
      token: '',
      username: '',
      password: '',
    });
    const promql = draftFromSource(
      stored({ kind: 'promql', presets: [], selectors: [], queries: [{ name: 'cpu', expr: 'up', role: 'cpu_cores' }], stepSeconds: 15 }),
    );
    expect(promql.queries.map(({ name, expr, role }) => ({ name, expr, role }))).toEqual([{ name: 'cpu', expr: 'up', role: 'cpu_cores' }]);
    expect(promql.stepSeconds).toBe('15');
  });

  it('keeps the sealed secret when its fields stay blank: the change carries no auth, and passes the schema without it', () => {
    const source = stored();
    const draft = { ...draftFromSource(source), name: 'api-2', cpuCores: '' };
    expect(keepsStoredAuth(draft, source)).toBe(true);
    const patch = sourcePatch(draft, source);
    expect(patch).toEqual({
      name: 'api-2',
      url: 'http://127.0.0.1:9100/metrics',
      cpuCores: null,
      presets: ['process', 'http'],
      selectors: ['jobs_waiting', 'app_pool{pool="db"}'],
    });
    expect(patch).not.toHaveProperty('auth');
    expect(createMetricSourceSchema.safeParse(editedSourceInput(draft, source)).success).toBe(true);
  });

  it('replaces the secret when one is typed, removes it with None, and asks for one when the kind changes', () => {
    const source = stored();
    expect(sourcePatch({ ...draftFromSource(source), token: 'new' }, source).auth).toEqual({ type: 'bearer', token: 'new' });
    expect(sourcePatch({ ...draftFromSource(source), auth: 'none' }, source).auth).toBeNull();
    expect(sourcePatch({ ...draftFromSource(stored({ authType: 'none' })), auth: 'none' }, stored({ authType: 'none' }))).not.toHaveProperty('auth');
    const basic = { ...draftFromSource(source), auth: 'basic' as const, username: 'scraper', password: 'pw' };
    expect(sourcePatch(basic, source).auth).toEqual({ type: 'basic', username: 'scraper', password: 'pw' });
    // From bearer to basic with nothing typed: there is no stored basic secret to keep.
    const switched = { ...draftFromSource(source), auth: 'basic' as const };
    expect(keepsStoredAuth(switched, source)).toBe(false);
    expect(createMetricSourceSchema.safeParse(editedSourceInput(switched, source)).success).toBe(false);
  });

  it('sends the queries and step of a PromQL source, never presets or selectors', () => {
    const source = stored({ kind: 'promql', authType: 'none', presets: [], selectors: [], queries: [{ name: 'cpu', expr: 'up' }], stepSeconds: 5 });
    const draft = draftFromSource(source);
    draft.queries[0]!.expr = 'sum(rate(process_cpu_seconds_total[1m]))';
    expect(sourcePatch(draft, source)).toEqual({
      name: 'api',
      url: 'http://127.0.0.1:9100/metrics',
      cpuCores: 4,
      queries: [{ name: 'cpu', expr: 'sum(rate(process_cpu_seconds_total[1m]))' }],
      stepSeconds: 5,
    });
  });
});
