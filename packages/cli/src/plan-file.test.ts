import { planSpecSchema, type PlanSpec } from '@loadline/shared';
import { describe, expect, it } from 'vitest';
import { CliError } from './exit-codes.js';
import { formatChange, normalizeSpec, parsePlanFile, patchFor, planChanges, serializePlanFile, toPlanFile, unsupportedChanges } from './plan-file.js';

const shorthand = {
  load: { executor: 'constant-vus', vus: 2, duration: '10s' },
  requests: [{ name: 'GetListing', path: '/listings/1' }],
  thresholds: [{ metric: 'latency', stat: 'p95', request: 'GetListing', op: '<', value: 50 }],
};
/** What the API stores and answers for the shorthand above. */
const saved = (input: unknown = shorthand): PlanSpec => planSpecSchema.parse(input);

describe('plan files', () => {
  it('export writes name, target and the full spec, without server-set fields', () => {
    const script = { script: { source: 'export default function () {}', requirements: { maxVUs: 1, durationSeconds: 1 } } };
    const file = toPlanFile({ name: 'scripted', spec: saved(script) }, 'demo');
    expect(Object.keys(file).slice(0, 2)).toEqual(['name', 'target']);
    expect(file.target).toBe('demo');
    expect(file.script).toEqual({ source: 'export default function () {}' });
    expect(JSON.stringify(file)).not.toContain('requirements');
    expect(serializePlanFile(file).endsWith('}\n')).toBe(true);
  });

  it('an exported file reads back as the same spec (round trip, unchanged)', () => {
    const spec = saved();
    const text = serializePlanFile(toPlanFile({ name: 'listings', spec }, 'demo'));
    const file = parsePlanFile(text, 'plan.json');
    expect(file).toMatchObject({ name: 'listings', target: 'demo', unknownFields: [] });
    expect(planChanges({ target: 'demo', spec }, { target: 'demo', spec: normalizeSpec(file.spec, 'plan.json') })).toEqual([]);
  });

  it('writes the data sets a plan uses, reads them back unchanged, and writes no data key for a plan without', () => {
    const spec = saved({
      ...shorthand,
      requests: [{ name: 'GetListing', path: '/listings/{{data.users.id}}', headers: { authorization: 'Bearer {{data.users.token}}' } }],
      data: [{ set: 'users', mode: 'unique', whenExhausted: 'wrap' }],
    });
    const file = toPlanFile({ name: 'listings', spec }, 'demo');
    expect(file.data).toEqual([{ set: 'users', mode: 'unique', whenExhausted: 'wrap' }]);
    const read = parsePlanFile(serializePlanFile(file, 'plan.yaml'), 'plan.yaml');
    expect(read.unknownFields).toEqual([]);
    expect(planChanges({ target: 'demo', spec }, { target: 'demo', spec: normalizeSpec(read.spec, 'plan.yaml') })).toEqual([]);
    expect('data' in toPlanFile({ name: 'listings', spec: saved() }, 'demo')).toBe(false);
  });

  it('writes and reads YAML plan files (by the file name), the same spec as the JSON one', () => {
    const spec = saved({ script: { source: 'import http from "k6/http";\nexport default function () {\n  http.get(`${__ENV.BASE}/a: b`);\n}\n' } });
    const text = serializePlanFile(toPlanFile({ name: 'listings', spec }, 'demo'), 'loadtests/listings.yaml');
    expect(text.startsWith('name: listings\ntarget: demo\n')).toBe(true);
    const file = parsePlanFile(text, 'loadtests/listings.yaml');
    expect(planChanges({ target: 'demo', spec }, { target: 'demo', spec: normalizeSpec(file.spec, 'listings.yaml') })).toEqual([]);
    // Written by hand: comments, anchors and the shorthand.
    const handWritten = [
      '# checkout load',
      'name: checkout',
      'target: demo',
      'load: &load {executor: constant-vus, vus: 2, duration: 10s}',
      'requests:',
      '  - name: Home',
      '    path: /',
      'thresholds:',
      '  - {metric: latency, stat: p95, op: "<", value: 500}',
    ].join('\n');
    expect(parsePlanFile(handWritten, 'checkout.yml')).toMatchObject({
      name: 'checkout',
      target: 'demo',
      spec: { load: { executor: 'constant-vus', vus: 2 } },
      unknownFields: [],
    });
    expect(() => parsePlanFile('name: x\nname: y', 'plan.yaml')).toThrow(/plan.yaml is not valid YAML: line 2: map keys must be unique/);
    expect(() => parsePlanFile('- a\n- b', 'plan.yaml')).toThrow(/must hold one YAML mapping/);
  });

  it('a shorthand file equals its saved form: defaults and lifting do not count as changes', () => {
    const file = parsePlanFile(JSON.stringify({ name: 'listings', target: 'demo', ...shorthand }), 'plan.json');
    expect(planChanges({ target: 'demo', spec: saved() }, { target: 'demo', spec: normalizeSpec(file.spec, 'plan.json') })).toEqual([]);
  });

  it('lists what changed, leaf by leaf, including the target', () => {
    const changed = normalizeSpec(
      {
        ...shorthand,
        load: { executor: 'constant-vus', vus: 5, duration: '10s' },
        thresholds: [...shorthand.thresholds, { metric: 'error_rate', op: '<', value: 0.01 }],
      },
      'plan.json',
    );
    const changes = planChanges({ target: 'demo', spec: saved() }, { target: 'staging', spec: changed });
    expect(changes.map(formatChange)).toEqual([
      '~ target: "demo" -> "staging"',
      '~ scenarios.0.load.vus: 2 -> 5',
      '+ thresholds.1: {"metric":"error_rate","op":"<","value":0.01}',
    ]);
  });

  it('ignores server-set script requirements when comparing', () => {
    const source = 'export default function () {}';
    const current = saved({ script: { source, requirements: { maxVUs: 1, durationSeconds: 1 } } });
    expect(planChanges({ target: 't', spec: current }, { target: 't', spec: normalizeSpec({ script: { source } }, 'f') })).toEqual([]);
  });

  it('refuses files without a name or a target name, and says why', () => {
    expect(() => parsePlanFile('{', 'plan.json')).toThrow(/plan.json is not JSON/);
    expect(() => parsePlanFile('[]', 'plan.json')).toThrow(/must hold one JSON object/);
    expect(() => parsePlanFile(JSON.stringify({ target: 'demo', ...shorthand }), 'plan.json')).toThrow(/"name" must be/);
    expect(() => parsePlanFile(JSON.stringify({ name: 'x', targetId: 'abc', ...shorthand }), 'plan.json')).toThrow(
      /plan files name it rather than give its id/,
    );
    expect(() => parsePlanFile(JSON.stringify({ name: 'x', target: '', ...shorthand }), 'plan.json')).toThrow(CliError);
  });

  it('notices fields a plan does not have (typos)', () => {
    const file = parsePlanFile(JSON.stringify({ name: 'x', target: 'demo', ...shorthand, threshold: [] }), 'plan.json');
    expect(file.unknownFields).toEqual(['threshold']);
  });

  it('reports invalid specs with paths as the file writes them', () => {
    const bad = { ...shorthand, load: { executor: 'constant-vus', vus: 0, duration: 'soon' } };
    let message = '';
    try {
      normalizeSpec(bad, 'plan.json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^plan.json is not a valid plan:/);
    expect(message).toMatch(/\n {2}load\.vus: /);
    expect(message).toMatch(/\n {2}load\.duration: /);
    expect(message).not.toContain('scenarios.0');
  });

  it('builds the PATCH from the file, and names the changes PATCH cannot make', () => {
    const desired = normalizeSpec({ ...shorthand, segments: 2 }, 'f');
    expect(patchFor(desired, undefined)).toEqual({ scenarios: desired.scenarios, thresholds: desired.thresholds, segments: 2 });
    expect(patchFor(desired, 'target-2')).toMatchObject({ targetId: 'target-2' });
    expect(unsupportedChanges(saved(), desired)).toEqual([]);
    const script = (source: string) => saved({ script: { source } });
    expect(unsupportedChanges(script('a()'), script('b()'))[0]).toMatch(/cannot change a script/);
    expect(unsupportedChanges(saved(), script('a()'))[0]).toMatch(/cannot switch a plan to a script/);
    expect(unsupportedChanges(script('a()'), saved())[0]).toMatch(/from a script to scenarios/);
    expect(unsupportedChanges(script('a()'), script('a()'))).toEqual([]);
  });
});
