import type { Dashboard, RunListItem } from '@loadline/shared';
import type { Command } from '../args.js';
import type { Context } from '../context.js';
import { ok } from '../api.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { formatMs, formatSeconds, formatTable, formatTime } from '../format.js';
import { resolvePlan } from '../resolve.js';

type PlansCommand = Extract<Command, { kind: 'plans' }>;
type RunsCommand = Extract<Command, { kind: 'runs' }>;

export type PlanRow = Pick<Dashboard['plans'][number], 'id' | 'name' | 'version' | 'latest'>;

/** The latest run of a plan in one word: its verdict, else its status ("RUNNING", "ERRORED"), else "-". */
export function latestWord(latest: PlanRow['latest']): string {
  if (!latest) return '-';
  if (latest.status === 'ERRORED' || latest.status === 'CANCELLED') return latest.status;
  return latest.verdict ?? latest.status;
}

export function plansTable(rows: readonly PlanRow[]): string {
  return formatTable(
    ['ID', 'NAME', { header: 'VERSION', align: 'right' }, 'LATEST', 'WHEN'],
    rows.map((plan) => [plan.id, plan.name, `v${plan.version}`, latestWord(plan.latest), formatTime(plan.latest?.createdAt)]),
  );
}

export async function listPlansCommand(command: PlansCommand, { io, client }: Context): Promise<ExitCode> {
  // The dashboard has every plan with its latest run (failing plans first).
  const dashboard = ok(await client.api.GET('/dashboard'));
  const rows: PlanRow[] = dashboard.plans.map(({ id, name, version, latest }) => ({ id, name, version, latest }));
  if (command.json) io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
  else io.stdout(rows.length ? `${plansTable(rows)}\n` : 'No plans yet.\n');
  return EXIT.OK;
}

/** The seconds of load a listed run measured: its rate is its requests over them (summary.ts). */
const loadSeconds = (figures: RunListItem['figures']): number | null => (figures !== null && figures.rps > 0 ? figures.requests / figures.rps : null);

export function runsTable(runs: readonly RunListItem[]): string {
  return formatTable(
    ['ID', 'PLAN', 'STATUS', 'VERDICT', 'CREATED', { header: 'LOAD', align: 'right' }, { header: 'P95', align: 'right' }],
    runs.map((run) => [
      run.id,
      `${run.planName} v${run.planVersion}`,
      run.status,
      run.verdict ?? '-',
      formatTime(run.createdAt),
      loadSeconds(run.figures) === null ? '-' : formatSeconds(loadSeconds(run.figures)!),
      formatMs(run.figures?.p95),
    ]),
  );
}

export async function listRunsCommand(command: RunsCommand, { io, client }: Context): Promise<ExitCode> {
  const planId = command.plan ? (await resolvePlan(client, command.plan)).id : undefined;
  const runs = ok(await client.api.GET('/runs', { params: { query: { limit: command.limit, planId } } })).items.slice(0, command.limit);
  if (command.json) io.stdout(`${JSON.stringify(runs, null, 2)}\n`);
  else io.stdout(runs.length ? `${runsTable(runs)}\n` : 'No runs yet.\n');
  return EXIT.OK;
}
