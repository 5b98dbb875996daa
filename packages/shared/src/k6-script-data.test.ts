import { describe, expect, it } from 'vitest';
import { generateK6Script } from './k6-script.js';
import { DATA_EXHAUSTED_MARKER, encodeDataFile } from './data-slices.js';
import { planSpecSchema } from './plan.js';
import { loadScript } from './test-k6-sandbox.js';

const ENV = { LOADLINE_BASE_URL: 'http://127.0.0.1:8080', LOADLINE_DATA_USERS: '/work/data-users.json' };
const load = { executor: 'constant-vus', vus: 1, duration: '10s' };
const rows = Array.from({ length: 10 }, (_, i) => [`u${i}`, `tok${i}`]);
const FILES = { '/work/data-users.json': encodeDataFile('users', 1, ['id', 'token'], rows) };

function scriptFor(use: Record<string, unknown>, scenarios = 1) {
  const spec = planSpecSchema.parse({
    data: [{ set: 'users', ...use }],
    scenarios: Array.from({ length: scenarios }, (_, s) => ({
      name: `s${s}`,
      flow: 'sequence',
      load,
      requests: [
        { name: `Login${s}`, method: 'POST', path: '/login/{{data.users.id}}', headers: { Authorization: 'Bearer {{data.users.token}}' } },
        { name: `Me${s}`, path: '/me?u={{data.users.id}}', checks: [{ type: 'bodyContains', value: '{{data.users.id}}' }] },
      ],
    })),
  });
  return loadScript(generateK6Script(spec, { planName: 'p' }), ENV, () => ({ status: 200, body: 'hello u3' }), {}, FILES);
}

const ids = (script: ReturnType<typeof scriptFor>) => script.calls.map((call) => /login\/(\w+)/.exec(call.url)?.[1]).filter(Boolean);

describe('generated scripts with a data set', () => {
  it('speaks as one row for every request of an iteration, its cells where the plan says', () => {
    const script = scriptFor({ mode: 'unique' });
    for (let i = 0; i < 4; i++) script.iterate(0, i);
    expect(script.calls.slice(-2).map((call) => [call.url, call.params.headers.Authorization])).toEqual([
      ['http://127.0.0.1:8080/login/u3', 'Bearer tok3'],
      ['http://127.0.0.1:8080/me?u=u3', undefined],
    ]);
    // The server answers "hello u3": the check passes on the row that says u3 only.
    expect(script.checks.map((check) => check.passed)).toEqual([false, false, false, true]);
  });

  it('unique: each row once, each scenario in its own part; past the end, stop aborts naming the set', () => {
    const script = scriptFor({ mode: 'unique' }, 2);
    // Interleaved, as the scenarios' VUs run: each takes the next row of its own half.
    for (let i = 0; i < 5; i++) {
      script.iterate(1, i);
      script.iterate(0, i);
    }
    expect(ids(script).sort()).toEqual(rows.map((row) => row[0]).sort());
    expect(ids(script).slice(0, 4)).toEqual(['u5', 'u0', 'u6', 'u1']);
    expect(() => script.iterate(0, 5)).toThrow(DATA_EXHAUSTED_MARKER);
    expect(script.aborted).toBe(`${DATA_EXHAUSTED_MARKER} users ran out after 5 rows in this segment (scenario s0)`);
  });

  it('unique with wrap starts over from the first row of its part', () => {
    const script = scriptFor({ mode: 'unique', whenExhausted: 'wrap' }, 2);
    for (let i = 0; i < 7; i++) script.iterate(1, i);
    expect(ids(script)).toEqual(['u5', 'u6', 'u7', 'u8', 'u9', 'u5', 'u6']);
    expect(script.aborted).toBeNull();
  });

  it('per-vu keeps the VU its row for the whole run; sequential goes round; random stays in the set', () => {
    const perVu = scriptFor({ mode: 'per-vu' });
    for (let i = 0; i < 3; i++) perVu.iterate(0, i, { iterationInInstance: i, vu: 7 });
    expect(ids(perVu)).toEqual(['u6', 'u6', 'u6']);
    const sequential = scriptFor({ mode: 'sequential' });
    for (let i = 0; i < 24; i++) sequential.iterate(0, i);
    expect([0, 9, 10, 23].map((i) => ids(sequential)[i])).toEqual(['u0', 'u9', 'u0', 'u3']);
    const random = scriptFor({ mode: 'random' });
    for (let i = 0; i < 50; i++) random.iterate(0, i);
    expect(new Set(ids(random)).size).toBeGreaterThan(1);
    expect(ids(random).every((id) => rows.some((row) => row[0] === id))).toBe(true);
  });

  it("says in its header that it needs the data file and Loadline's k6 build (a stock k6 has no k6/x/loadline-data)", () => {
    const spec = planSpecSchema.parse({
      data: [{ set: 'users', mode: 'per-vu' }],
      scenarios: [{ name: 's', load, requests: [{ name: 'A', path: '/{{data.users.id}}' }] }],
    });
    const header = generateK6Script(spec, { planName: 'p' }).split('\nimport ')[0]!;
    expect(header).toContain('data-users.json beside it, or at LOADLINE_DATA_USERS=path');
    expect(header).toContain("with Loadline's k6 build, which has k6/x/loadline-data (bash scripts/ensure-k6.sh");
  });

  it('a plan without data sets imports nothing more and refuses a data reference at run time', () => {
    const script = generateK6Script(planSpecSchema.parse({ scenarios: [{ name: 's', load, requests: [{ name: 'A', path: '/' }] }] }), { planName: 'p' });
    expect(script).not.toContain('k6/x/loadline-data');
    expect(script).not.toContain("Loadline's k6 build");
    expect(script).not.toContain('pickData');
  });
});
