import { DATA_EXHAUSTED_MARKER, dataEnvName, dataFileName } from './data-slices.js';
import { scenarioDataSets } from './plan-data.js';
import type { PlanSpec } from './plan.js';

/**
 * The part of a generated script that reads a plan's data sets. Each set's rows are in a file
 * beside the script (data-slices.ts: one row per line, this segment's rows only), read once
 * per k6 process by the runner's k6 build (k6/x/loadline-data, in apps/runner/k6-extension:
 * the file's bytes and an offset per row, shared by all VUs; a line is parsed when its row is
 * picked). k6's own open() + SharedArray held about seven times the file. At the start of
 * each iteration the scenario picks one row of each set it uses, and {{data.set.column}}
 * reads that row, so every request of an iteration (a user flow) speaks as the same row:
 *
 * - unique: the scenario's iteration number in this k6 instance, into its own part of the
 *   rows (the scenarios that use a set split it, as data-slices.ts does); past the end,
 *   `stop` aborts the test with DATA_EXHAUSTED_MARKER (the runner reports it) and `wrap`
 *   starts over from the part's first row;
 * - per-vu: the VU's number in this instance picks its row once, kept for the whole run;
 * - sequential: the iteration number, round and round;
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
  const perScenario = spec.scenarios.map((scenario) => scenarioDataSets(scenario).map((set) => declared.findIndex((use) => use.set === set)));
  return `
const DATA = ${JSON.stringify(declared, null, 2)};
/** Per scenario (by index): the DATA entries it picks a row of at each iteration. */
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
  // { columns, length, row(i) }: row(i) is row i's line of the file (a JSON array).
  DATA_ROWS[use.set] = loadlineData.open(__ENV[use.env] || './' + use.file);
  const columns = DATA_ROWS[use.set].columns;
  DATA_COLUMNS[use.set] = {};
  for (let i = 0; i < columns.length; i++) DATA_COLUMNS[use.set][columns[i]] = i;
}
/** The row of each set this iteration speaks as; a per-vu row is kept for the VU's life. */
const DATA_PICKED = {};
const DATA_OWN = {};

/** Rows [start, end) of part j of k of n rows, as the runner splits them. */
function dataPart(n, j, k) {
  return [Math.floor((n * j) / k), Math.floor((n * (j + 1)) / k)];
}

function dataRowAt(use, index) {
  return JSON.parse(DATA_ROWS[use.set].row(index));
}

function dataRow(use) {
  const n = DATA_ROWS[use.set].length;
  if (use.mode === 'per-vu') return n > 0 ? dataRowAt(use, (exec.vu.idInInstance - 1) % n) : dataOut(use, 0);
  if (use.mode === 'random') return n > 0 ? dataRowAt(use, Math.floor(Math.random() * n)) : dataOut(use, 0);
  const i = exec.scenario.iterationInInstance;
  if (use.mode === 'sequential') return n > 0 ? dataRowAt(use, i % n) : dataOut(use, 0);
  const part = dataPart(n, use.scenarios.indexOf(exec.scenario.name), use.scenarios.length);
  const size = part[1] - part[0];
  if (i < size) return dataRowAt(use, part[0] + i);
  if (use.whenExhausted === 'wrap' && size > 0) return dataRowAt(use, part[0] + (i % size));
  return dataOut(use, size);
}

function dataOut(use, size) {
  exec.test.abort(DATA_EXHAUSTED + ' ' + use.set + ' ran out after ' + size + ' rows in this segment (scenario ' + exec.scenario.name + ')');
}

/** Picks this iteration's row of every set scenario number index uses. */
function pickData(index) {
  for (const at of SCENARIO_DATA[index]) {
    const use = DATA[at];
    if (use.mode !== 'per-vu') DATA_PICKED[use.set] = dataRow(use);
    else if (!(use.set in DATA_OWN)) DATA_PICKED[use.set] = DATA_OWN[use.set] = dataRow(use);
    else DATA_PICKED[use.set] = DATA_OWN[use.set];
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
    found = DATA_REFERENCES[reference] = { set: set, at: at };
  }
  const row = DATA_PICKED[found.set];
  return row === undefined ? '' : row[found.at];
}
`;
