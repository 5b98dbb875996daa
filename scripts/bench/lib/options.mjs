// The benchmark's command line: which benchmarks, and their sizes (pnpm bench -- --help).
import { parseArgs } from 'node:util';
import { BenchError } from './util.mjs';

/** These need the platform (PostgreSQL, Redis, the built API and runner, k6, Go); charts does not. */
export const STACK_BENCHMARKS = ['overhead', 'accuracy', 'memory', 'storage', 'scale', 'api', 'live', 'telemetry', 'reads', 'data', 'responsiveness'];
const BENCHMARKS = [...STACK_BENCHMARKS, 'schedules', 'regressions', 'compare', 'charts'];

export function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== '--'),
    options: {
      quick: { type: 'boolean', default: false },
      pairs: { type: 'string' },
      'overhead-seconds': { type: 'string' },
      'soak-seconds': { type: 'string' },
      'scale-rate': { type: 'string' },
      'scale-seconds': { type: 'string' },
      'spread-runs': { type: 'string' },
      'telemetry-seconds': { type: 'string' },
      'data-seconds': { type: 'string' },
      'compare-pairs': { type: 'string' },
      'compare-runs': { type: 'string' },
      'compare-seconds': { type: 'string' },
      'compare-from': { type: 'string' },
      'compare-shapes': { type: 'string' },
      'reads-seconds': { type: 'string' },
      'storage-seconds': { type: 'string' },
      'responsiveness-runs': { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'usage: pnpm bench [-- --quick] [--pairs N] [--overhead-seconds N] [--soak-seconds N] [--scale-rate N] [--scale-seconds N]\n' +
        '                  [--spread-runs N] [--telemetry-seconds N] [--compare-pairs N] [--compare-runs N] [--compare-seconds N] [--compare-from FILE] [--compare-shapes A,B]\n' +
        '                  [--responsiveness-runs N]\n' +
        '                  [--only overhead,accuracy,memory,storage,scale,api,live,telemetry,reads,data,responsiveness,schedules,regressions,compare,charts]\n' +
        '  --quick           short smoke check: 1 overhead pair of 10 s, 10 s accuracy run, 60 s soak, scale runs of 10 s and\n' +
        '                    5 start-spread runs, charts up to 3,600 points\n' +
        '  --pairs N         bare k6 / Loadline pairs for the overhead figure (default 5)\n' +
        '  --overhead-seconds N  load duration of each overhead measurement (default 30)\n' +
        '  --soak-seconds N  duration of the memory run (default 600)\n' +
        '  --scale-rate N    constant arrival rate (req/s) of the scale runs on 1, 2 and 3 runners (default 600)\n' +
        '  --scale-seconds N duration of each of those three runs (default 30)\n' +
        '  --spread-runs N   extra 5 s runs on 3 runners for the start spread (default 10)\n' +
        '  --only schedules  1,000 and 10,000 every-minute schedules (200 with --quick): slots expected, fired, missing, duplicated, jitter\n' +
        '  --telemetry-seconds N  load duration of the two telemetry runs (default 60, --quick 20)\n' +
        '  --only telemetry  a run without and one with 3 scrape sources of 2,000 series: runner CPU and storage per run-minute\n' +
        '  --only data       a plan with and without a 1,000,000-row data set: runner and k6 memory, k6 throughput (up to 3 pairs)\n' +
        '  --data-seconds N  load duration of each of those runs (default 20, --quick 10)\n' +
        '  --only live       50 live viewers of a running and of a waiting run: database queries/s and API CPU per viewer\n' +
        '  --only regressions  change-point detection on synthetic histories (steps of 5/10/20 %, spread 5/10 %): found within 3 runs, false alarms\n' +
        '  --only compare    before/after comparisons on 4 load shapes: false calls on identical pairs, smallest p95 change called in 95 %\n' +
        '                    (part A synthetic, seeded; part B real k6 runs through the platform, skipped when the stack cannot start)\n' +
        '  --compare-pairs N synthetic pairs per shape and change (default 200, --quick 40)\n' +
        '  --compare-runs N  real runs (~25 s each) per shape for part B, every pair of them compared (default 5, --quick 3; 0: no part B)\n' +
        "  --compare-seconds N  each compared plan's length in seconds, parts A and B (default 20; the phased plan 3 x N/3)\n" +
        '  --compare-from FILE  part B on the real runs a previous part B kept (.tools/bench/compare-runs-*.json): no stack, no k6\n' +
        '  --compare-shapes A,B only these load shapes (constant-vus, ramping-vus, phased, ramping-arrival-rate)\n' +
        "  --only reads      first read of each route a finished run's pages call, in a fresh API, on a run of 20 request names\n" +
        "  --reads-seconds N that run's seconds (default 600, --quick 60)\n" +
        '  --only storage    stored bytes per run-minute at 1, 10 and 50 request names (20 VUs), packed and as the JSON of before\n' +
        '  --storage-seconds N  load duration of each of those runs (default 30, --quick 10)\n' +
        '  --only responsiveness  click -> first request and last request -> verdict, plans of 1 and 3 segments (30/s for 3 s)\n' +
        '  --responsiveness-runs N  runs of each after one warm-up each (default 7, --quick 3)\n' +
        '  --only LIST       run only some benchmarks (storage and latency use the runs done; charts alone needs no stack)\n',
    );
    process.exit(0);
  }
  const positiveInt = (name, text, min) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new BenchError(`--${name} must be an integer >= ${min}, not ${text}`);
    return value;
  };
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : BENCHMARKS;
  for (const name of only) if (!BENCHMARKS.includes(name)) throw new BenchError(`--only: unknown benchmark "${name}" (${BENCHMARKS.join(', ')})`);
  return {
    quick: values.quick,
    pairs: values.pairs ? positiveInt('pairs', values.pairs, 1) : values.quick ? 1 : 5,
    overheadSeconds: values['overhead-seconds'] ? positiveInt('overhead-seconds', values['overhead-seconds'], 5) : values.quick ? 10 : 30,
    soakSeconds: values['soak-seconds'] ? positiveInt('soak-seconds', values['soak-seconds'], 30) : values.quick ? 60 : 600,
    accuracySeconds: values.quick ? 10 : 20,
    scaleRate: values['scale-rate'] ? positiveInt('scale-rate', values['scale-rate'], 1) : 600,
    scaleSeconds: values['scale-seconds'] ? positiveInt('scale-seconds', values['scale-seconds'], 5) : values.quick ? 10 : 30,
    dataSeconds: values['data-seconds'] ? positiveInt('data-seconds', values['data-seconds'], 5) : values.quick ? 10 : 20,
    telemetrySeconds: values['telemetry-seconds'] ? positiveInt('telemetry-seconds', values['telemetry-seconds'], 10) : values.quick ? 20 : 60,
    spreadRuns: values['spread-runs'] ? positiveInt('spread-runs', values['spread-runs'], 0) : values.quick ? 5 : 10,
    comparePairs: values['compare-pairs'] ? positiveInt('compare-pairs', values['compare-pairs'], 1) : values.quick ? 40 : 200,
    compareRuns: values['compare-runs'] ? positiveInt('compare-runs', values['compare-runs'], 0) : values.quick ? 3 : 5,
    compareSeconds: values['compare-seconds'] ? positiveInt('compare-seconds', values['compare-seconds'], 6) : 20,
    compareFrom: values['compare-from'] ?? null,
    compareShapes: values['compare-shapes'] ? values['compare-shapes'].split(',').map((name) => name.trim()) : null,
    storageSeconds: values['storage-seconds'] ? positiveInt('storage-seconds', values['storage-seconds'], 5) : values.quick ? 10 : 30,
    readsSeconds: values['reads-seconds'] ? positiveInt('reads-seconds', values['reads-seconds'], 3) : values.quick ? 60 : 600,
    responsivenessRuns: values['responsiveness-runs'] ? positiveInt('responsiveness-runs', values['responsiveness-runs'], 1) : values.quick ? 3 : 7,
    only,
  };
}
