import { DATA_EXHAUSTED_MARKER, dataEnvName, dataFileName } from './data-slices.js';
import { scenarioDataSets } from './plan-data.js';
import type { PlanSpec } from './plan.js';

/**
 * The part of a generated script that reads a plan's data sets. Each set's rows are in a file
 * beside the script (data-slices.ts: one row per line, this segment's rows only), read once
 * per k6 process by the runner's k6 build (k6/x/loadline-data, in apps/runner/k6-extension:
 * the file's bytes and an offset per row, shared by all VUs; a cell is read from its line when a
 * reference needs it). k6's own open() + SharedArray held about seven times the file. At the start of
 * each iteration the scenario picks one row of each set it uses, and {{data.set.column}}
 * reads that row, so every request of an iteration (a user flow) speaks as the same row:
 *
 * - unique: the next number of the scenario's counter for the set in this k6 instance (one
 *   counter shared by its VUs: the module's counter(), an atomic add, where
 *   exec.scenario.iterationInInstance costs about 6 us a read), into the scenario's own part of
 *   the rows (the scenarios that use a set split it, as data-slices.ts does); past the end,
 *   `stop` aborts the test with DATA_EXHAUSTED_MARKER (the runner reports it) and `wrap`
 *   starts over from the part's first row;
 * - per-vu: the VU's number in this instance picks its row once, kept for the whole run;
 * - sequential: that counter, round and round over all the rows;
 * - random: a uniform draw each iteration.
 */

/** What the runtime knows of each set: the file it reads, and how rows are handed out. */
function dataDeclarations(spec: PlanSpec) {
  return spec.data.map((use) => ({
    set: use.set,
    mode: use.mode,
    whenExhausted: use.whenExhausted,
    env: dataEnvName(use.set),
    file: dataFileName(use.set),
    scenarios: spec.scenarios.filter((scenario) => scenarioDataSets(scenario).includes(use.set)).map((scenario) => scenario.name),
  }));
}

/** The runtime's declarations and code for a plan with data sets; a stub that refuses {{data...}} for a plan without. */
export function dataRuntime(spec: PlanSpec): string {
  if (!spec.data.length) return NO_DATA_RUNTIME;
  const declared = dataDeclarations(spec);
  // Per scenario: each set it picks a row of, and which part of the set's rows is its own.
  const perScenario = spec.scenarios.map((scenario) =>
    scenarioDataSets(scenario).map((set) => {
      const use = declared.findIndex((declaration) => declaration.set === set);
      return { use, scenario: scenario.name, part: declared[use]!.scenarios.indexOf(scenario.name) };
    }),
  );
  return `
const DATA = ${JSON.stringify(declared, null, 2)};
/** Per scenario (by index): the DATA entries it picks a row of at each iteration, and its part of their rows. */
const SCENARIO_DATA = ${JSON.stringify(perScenario)};
${DATA_RUNTIME}`;
}

/** Every script resolves {{data...}} through dataValue; a plan without sets has none to give. */
const NO_DATA_RUNTIME = String.raw`
function dataValue(reference) {
  throw new Error('this plan uses no data set: {{' + reference + '}}');
}
`;

const DATA_RUNTIME = String.raw`
const DATA_EXHAUSTED = ${JSON.stringify(DATA_EXHAUSTED_MARKER)};
const DATA_ROWS = {};
const DATA_COLUMNS = {};
for (const use of DATA) {
  // The runner names the file (LOADLINE_DATA_<SET>); run locally, it is beside the script.
  // { columns, length, row(i), cell(i, c) }: row i's line of the file (a JSON array), one cell of it.
  DATA_ROWS[use.set] = loadlineData.open(__ENV[use.env] || './' + use.file);
  const columns = DATA_ROWS[use.set].columns;
  DATA_COLUMNS[use.set] = {};
  for (let i = 0; i < columns.length; i++) DATA_COLUMNS[use.set][columns[i]] = i;
}
/** The row (its number) of each set this iteration speaks as; a per-vu row is kept for the VU's life. */
const DATA_PICKED = {};
const DATA_OWN = {};
/** Rows [start, end) of part j of k of n rows, as the runner splits them. */
function dataPart(n, j, k) {
  return [Math.floor((n * j) / k), Math.floor((n * (j + 1)) / k)];
}

/**
 * How a scenario takes its row of a set, decided once per VU: the script is interpreted, so
 * every test and lookup left in the per-iteration path costs throughput (a few microseconds an
 * iteration were several percent of a plain GET's cost in k6).
 */
function dataTaker(use, scenario, part) {
  const n = DATA_ROWS[use.set].length;
  const out = function (size) {
    exec.test.abort(DATA_EXHAUSTED + ' ' + use.set + ' ran out after ' + size + ' rows in this segment (scenario ' + scenario + ')');
  };
  if (n === 0) return function () { return out(0); };
  if (use.mode === 'per-vu') return function () { return (exec.vu.idInInstance - 1) % n; };
  if (use.mode === 'random') return function () { return Math.floor(Math.random() * n); };
  const counter = loadlineData.counter(use.set + '/' + scenario);
  if (use.mode === 'sequential') return function () { return counter.next() % n; };
  const range = dataPart(n, part, use.scenarios.length);
  const start = range[0];
  const size = range[1] - range[0];
  const wrap = use.whenExhausted === 'wrap' && size > 0;
  return function () {
    const i = counter.next();
    if (i < size) return start + i;
    return wrap ? start + (i % size) : out(size);
  };
}

/** Per scenario: each set it picks a row of, and the function that takes the row. */
const DATA_PICKS = SCENARIO_DATA.map((picks) =>
  picks.map((pick) => ({ set: DATA[pick.use].set, perVu: DATA[pick.use].mode === 'per-vu', take: dataTaker(DATA[pick.use], pick.scenario, pick.part) })),
);

/** Picks this iteration's row of every set scenario number index uses. */
function pickData(index) {
  // Indexed: for...of builds an iterator object on every call.
  const picks = DATA_PICKS[index];
  for (let p = 0; p < picks.length; p++) {
    const pick = picks[p];
    if (!pick.perVu) DATA_PICKED[pick.set] = pick.take();
    else if (!(pick.set in DATA_OWN)) DATA_PICKED[pick.set] = DATA_OWN[pick.set] = pick.take();
    else DATA_PICKED[pick.set] = DATA_OWN[pick.set];
  }
}

/** {{data.set.column}}: the column of the row this iteration picked (each reference resolved once per VU). */
const DATA_REFERENCES = {};
function dataValue(reference) {
  let found = DATA_REFERENCES[reference];
  if (found === undefined) {
    const dot = reference.indexOf('.', 5);
    const set = reference.slice(5, dot);
    const at = DATA_COLUMNS[set] ? DATA_COLUMNS[set][reference.slice(dot + 1)] : undefined;
    if (at === undefined) throw new Error('data set ' + set + ' has no column ' + reference.slice(dot + 1));
    found = DATA_REFERENCES[reference] = { set: set, at: at, rows: DATA_ROWS[set] };
  }
  const row = DATA_PICKED[found.set];
  return row === undefined ? '' : found.rows.cell(row, found.at);
}
`;
