import { parseArgs, type ParseArgsConfig } from 'node:util';
import { durationToSeconds, parseLabelArguments, RUN_LABEL_LIMITS } from '@loadline/shared';
import { UsageError } from './exit-codes.js';

/** Default for `run --wait`: 30 minutes, or the plan's planned duration plus 10 minutes when longer. */
export const DEFAULT_TIMEOUT_SECONDS = 30 * 60;
/** The most runs `runs --limit` asks GET /runs for (one page; the API allows 200). */
export const MAX_RUNS_LIMIT = 100;

export type Command =
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | {
      kind: 'run';
      plan: string;
      wait: boolean;
      /** Seconds; undefined: the default above. */
      timeoutSeconds?: number;
      junit?: string;
      json?: string;
      idempotencyKey?: string;
      /** Sets the plan's baseline before the run: a run id pins it, 'last-passed' unpins. */
      baseline?: string;
      /** The run's labels (--label k=v, repeatable). */
      labels?: Record<string, string>;
      /** --target: another target (environment) of the organization, by id or exact name. */
      target?: string;
    }
  | { kind: 'plans'; json: boolean }
  | { kind: 'runs'; plan?: string; limit: number; json: boolean }
  | { kind: 'export'; plan: string; output?: string }
  | { kind: 'apply'; file: string; dryRun: boolean }
  | { kind: 'data-push'; file: string; name?: string; secret: string[] };

type Options = NonNullable<ParseArgsConfig['options']>;

interface CommandSpec {
  usage: string;
  summary: string;
  /** Help text after the usage line. */
  details: string;
  options: Options;
  positionals: string[];
}

const HELP_OPTION: Options = { help: { type: 'boolean', short: 'h' } };

export const COMMANDS: Record<Exclude<Command['kind'], 'help' | 'version' | 'data-push'> | 'data', CommandSpec> = {
  run: {
    usage:
      'loadline run <plan> [--wait] [--timeout 30m] [--junit file.xml] [--json file.json] [--baseline last-passed|<runId>] [--idempotency-key K] [--label k=v ...] [--target <target>]',
    summary: 'start a run of a plan (by id or exact name); with --wait, report its verdict',
    details: `Starts a run. Without --wait, prints the run id and its report URL and exits 0.

Options:
  --wait                 poll the run every 2 s (progress on stderr) until it is over, then print
                         the report (verdict, per-request figures, thresholds, diagnostics)
  --timeout <duration>   with --wait: give up after this long (30s, 10m, 1h30m or seconds);
                         default 30m, or the plan's duration plus 10m when longer. The run goes on.
  --junit <file>         with --wait: write the run as JUnit XML (one test case per threshold)
  --json <file>          with --wait: write the run as JSON (everything the API knows about it,
                         and "baseline": the comparison with the plan's baseline)
  --baseline <which>     set the plan's baseline first: a run id pins that run, last-passed
                         goes back to the default (the last passed run of the same load). With
                         --wait, the report and the files say how the run compares with it:
                         each change with its 95 % interval, regressions named
  --idempotency-key <K>  sent as the Idempotency-Key header: a retried CI step with the same
                         key gets the run the first attempt started, not a second one
  --label <key=value>    a label of the run, repeatable (at most ${RUN_LABEL_LIMITS.labels}): what it measured, e.g.
                         --label commit=$GITHUB_SHA --label branch=main --label env=staging.
                         Comparisons name the labels that differ; trends filter by them
  --target <target>      run against another target of the organization (id or exact name),
                         e.g. staging or a preview, with that target's variables and secrets;
                         default the plan's own. Trends and baselines are kept per target

Exit codes: 0 PASSED, 1 FAILED, 2 ERRORED / INCONCLUSIVE / CANCELLED / timeout,
3 usage, configuration or API error before a run existed.`,
    options: {
      wait: { type: 'boolean' },
      timeout: { type: 'string' },
      junit: { type: 'string' },
      json: { type: 'string' },
      'idempotency-key': { type: 'string' },
      baseline: { type: 'string' },
      label: { type: 'string', multiple: true },
      target: { type: 'string' },
    },
    positionals: ['plan'],
  },
  plans: {
    usage: 'loadline plans [--json]',
    summary: "list the organization's plans with their latest verdict",
    details: `Options:
  --json   print JSON (an array of {id, name, version, latest}) instead of a table`,
    options: { json: { type: 'boolean' } },
    positionals: [],
  },
  runs: {
    usage: 'loadline runs [--plan <plan>] [--limit N] [--json]',
    summary: 'list recent runs, newest first',
    details: `Options:
  --plan <plan>   only the runs of this plan (id or exact name)
  --limit <N>     at most N runs (default 20, at most ${MAX_RUNS_LIMIT})
  --json          print the runs as JSON (the API's run objects) instead of a table`,
    options: { plan: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
    positionals: [],
  },
  export: {
    usage: 'loadline export <plan> [-o plan.json|plan.yaml]',
    summary: 'write a plan as a portable plan file (plans as code)',
    details: `Writes {"name", "target": <target name>, ...spec} to the file (or stdout), ready for
"loadline apply" in the same or another organization that has a target of that name.

Options:
  -o, --output <file>   write there instead of stdout; YAML when it ends in .yaml or .yml`,
    options: { output: { type: 'string', short: 'o' } },
    positionals: ['plan'],
  },
  apply: {
    usage: 'loadline apply <plan.json|plan.yaml> [--dry-run]',
    summary: 'create or update a plan from a plan file',
    details: `Creates the plan, or, when a plan of that name exists, saves a new version only if
the file differs from its current version (otherwise says "unchanged"). "target" names the
target; it must exist. A file whose name ends in .yaml or .yml is read as YAML.

Options:
  --dry-run   print what would change, change nothing`,
    options: { 'dry-run': { type: 'boolean' } },
    positionals: ['file'],
  },
  data: {
    usage: 'loadline data push <file.csv|file.json> [--name <set>] [--secret col,...]',
    summary: 'upload a test data set (CSV or JSON) as a new version',
    details: `Uploads the file as the next version of the data set (the first upload creates it);
plans use its columns as {{data.<set>.<column>}}. A CSV has a header row naming the columns;
a JSON file is an array of flat objects. A file the API refuses is reported with its line
(CSV) or row (JSON), and the set's previous version stays as it was.

Options:
  --name <set>          the data set's name (default: the file's name without .csv/.json)
  --secret <col,...>    columns to seal (tokens, passwords): stored encrypted, never shown
                        again in full, masked in previews and kept out of reports and logs`,
    options: { name: { type: 'string' }, secret: { type: 'string' } },
    positionals: ['action', 'file'],
  },
};

export function mainHelp(version: string): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const commands = Object.entries(COMMANDS)
    .map(([name, spec]) => `  ${name.padEnd(width)}  ${spec.summary}`)
    .join('\n');
  return `loadline ${version}: run Loadline load tests from CI and keep plans as code

Usage: loadline <command> [options]

Commands:
${commands}

Options:
  -h, --help     help (also: loadline <command> --help, loadline help <command>)
  --version      print the version

Environment:
  LOADLINE_URL       the Loadline API, e.g. http://127.0.0.1:8080
  LOADLINE_API_KEY   an API key (llk_...), sent as Authorization: Bearer

Exit codes: 0 passed / done, 1 failed a threshold, 2 no verdict (errored, inconclusive,
cancelled, timeout), 3 usage, configuration or API error before a run existed.
`;
}

export function commandHelp(name: keyof typeof COMMANDS): string {
  const spec = COMMANDS[name];
  return `Usage: ${spec.usage}\n\n${spec.summary[0]!.toUpperCase()}${spec.summary.slice(1)}.\n\n${spec.details}\n`;
}

const isCommand = (name: string): name is keyof typeof COMMANDS => Object.hasOwn(COMMANDS, name);

/** "30m", "1h30m", "90s" (k6 durations) or a number of seconds. */
export function parseTimeout(value: string): number {
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) seconds = Number(trimmed);
  else {
    try {
      seconds = durationToSeconds(trimmed);
    } catch {
      throw new UsageError(`--timeout must be a duration such as 30s, 10m or 1h30m (or seconds), not "${value}"`, 'run');
    }
  }
  if (!(seconds > 0)) throw new UsageError(`--timeout must be longer than 0, not "${value}"`, 'run');
  return seconds;
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return 20;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || Number(value) > MAX_RUNS_LIMIT) {
    throw new UsageError(`--limit must be a whole number from 1 to ${MAX_RUNS_LIMIT}, not "${value}"`, 'runs');
  }
  return Number(value);
}

function parseCommand(name: keyof typeof COMMANDS, argv: string[]): Command {
  const spec = COMMANDS[name];
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: { ...spec.options, ...HELP_OPTION }, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (error) {
    // parseArgs' own words ("Unknown option '--wiat'"), without its advice about '--'.
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new UsageError(message, name);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: commandHelp(name) };
  if (positionals.length < spec.positionals.length) {
    throw new UsageError(`missing <${spec.positionals[positionals.length]}>`, name);
  }
  if (positionals.length > spec.positionals.length) {
    throw new UsageError(`unexpected argument "${positionals[spec.positionals.length]}"`, name);
  }
  const str = (key: string) => {
    const value = values[key];
    if (typeof value !== 'string') return undefined;
    if (!value.trim()) throw new UsageError(`--${key} needs a value`, name);
    return value;
  };
  switch (name) {
    case 'run': {
      const wait = values.wait === true;
      const timeout = str('timeout');
      const junit = str('junit');
      const json = str('json');
      if (!wait) {
        const needsWait = [timeout !== undefined && '--timeout', junit !== undefined && '--junit', json !== undefined && '--json'].filter(Boolean);
        if (needsWait.length)
          throw new UsageError(
            `${needsWait.join(', ')} ${needsWait.length > 1 ? 'need' : 'needs'} --wait (the files and the timeout are about the finished run)`,
            name,
          );
      }
      return {
        kind: 'run',
        plan: positionals[0]!,
        wait,
        ...(timeout !== undefined ? { timeoutSeconds: parseTimeout(timeout) } : {}),
        ...(junit !== undefined ? { junit } : {}),
        ...(json !== undefined ? { json } : {}),
        ...(str('idempotency-key') !== undefined ? { idempotencyKey: str('idempotency-key') } : {}),
        ...(str('baseline') !== undefined ? { baseline: str('baseline') } : {}),
        ...(str('target') !== undefined ? { target: str('target')!.trim() } : {}),
        ...labelsOf(values.label, name),
      };
    }
    case 'plans':
      return { kind: 'plans', json: values.json === true };
    case 'runs': {
      const plan = str('plan');
      return { kind: 'runs', ...(plan !== undefined ? { plan } : {}), limit: parseLimit(str('limit')), json: values.json === true };
    }
    case 'export': {
      const output = str('output');
      return { kind: 'export', plan: positionals[0]!, ...(output !== undefined ? { output } : {}) };
    }
    case 'apply':
      return { kind: 'apply', file: positionals[0]!, dryRun: values['dry-run'] === true };
    case 'data': {
      if (positionals[0] !== 'push') throw new UsageError(`no data command "${positionals[0]}" (there is: push)`, name);
      const setName = str('name');
      const secret = (str('secret') ?? '')
        .split(',')
        .map((column) => column.trim())
        .filter(Boolean);
      return { kind: 'data-push', file: positionals[1]!, ...(setName !== undefined ? { name: setName } : {}), secret };
    }
  }
}

/** `--label k=v` given any number of times, as the run's labels; a malformed one is a usage error. */
function labelsOf(given: unknown, command: string): { labels?: Record<string, string> } {
  if (!Array.isArray(given) || !given.length) return {};
  const parsed = parseLabelArguments(given as string[]);
  if ('error' in parsed) throw new UsageError(parsed.tooMany ? parsed.error : `--label ${parsed.error}`, command);
  return { labels: parsed.labels };
}

/** The command line (without node and the script) as a command; throws UsageError. */
export function parseCommandLine(argv: readonly string[], version: string): Command {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('no command given');
  if (first === '--help' || first === '-h') return { kind: 'help', text: mainHelp(version) };
  if (first === '--version' || first === '-V') return { kind: 'version' };
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) return { kind: 'help', text: mainHelp(version) };
    if (!isCommand(topic)) throw new UsageError(`no command "${topic}"`);
    return { kind: 'help', text: commandHelp(topic) };
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option "${first}" (options come after the command)`);
  if (!isCommand(first)) throw new UsageError(`no command "${first}"`);
  return parseCommand(first, rest);
}
