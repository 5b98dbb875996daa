import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '../args.js';
import type { Context } from '../context.js';
import { ok } from '../api.js';
import type { paths } from '@loadline/shared/api-types';
import { CliError, EXIT, type ExitCode } from '../exit-codes.js';
import { formatChange, normalizeSpec, parsePlanFile, patchFor, planChanges, serializePlanFile, toPlanFile, unsupportedChanges } from '../plan-file.js';
import { listPlans, listTargets, pickTarget, resolvePlan } from '../resolve.js';

type ExportCommand = Extract<Command, { kind: 'export' }>;
/** POST /plans and PATCH /plans/:id bodies, as the OpenAPI document has them. */
type CreatePlanBody = NonNullable<paths['/plans']['post']['requestBody']>['content']['application/json'];
type UpdatePlanBody = NonNullable<paths['/plans/{id}']['patch']['requestBody']>['content']['application/json'];
type ApplyCommand = Extract<Command, { kind: 'apply' }>;

export async function exportPlan(command: ExportCommand, { io, client }: Context): Promise<ExitCode> {
  const found = await resolvePlan(client, command.plan);
  // The current version, fresh (the list may be a moment old).
  const [plan, targets] = await Promise.all([
    client.api.GET('/plans/{id}', { params: { path: { id: found.id } } }).then((answer) => ok(answer)),
    listTargets(client),
  ]);
  const target = targets.find((candidate) => candidate.id === plan.targetId);
  if (!target)
    throw new CliError(
      `The target of plan "${plan.name}" (${plan.targetId}) is not among the organization's targets (deleted?), so the file could not name it.`,
    );
  const text = serializePlanFile(toPlanFile(plan, target.name), command.output ?? 'plan.json');
  if (!command.output) {
    io.stdout(text);
    return EXIT.OK;
  }
  const file = path.resolve(io.cwd, command.output);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  } catch (error) {
    throw new CliError(`cannot write ${command.output}: ${(error as Error).message}`);
  }
  io.stderr(`wrote ${command.output}: plan "${plan.name}" v${plan.version} on target "${target.name}"\n`);
  return EXIT.OK;
}

export async function applyPlan(command: ApplyCommand, { io, client }: Context): Promise<ExitCode> {
  const source = command.file;
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, source), 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${source}: ${(error as Error).message}`);
  }
  const file = parsePlanFile(text, source);
  if (file.unknownFields.length) {
    io.stderr(`warning: ${source}: ignoring ${file.unknownFields.map((field) => `"${field}"`).join(', ')}: not a plan field\n`);
  }
  const desired = normalizeSpec(file.spec, source);
  const [plans, targets] = await Promise.all([listPlans(client), listTargets(client)]);
  const target = pickTarget(targets, file.target, source);
  const existing = plans.filter((plan) => plan.name === file.name);
  if (existing.length > 1) {
    throw new CliError(
      `${existing.length} plans are named "${file.name}" (${existing.map((plan) => plan.id).join(', ')}): apply cannot tell which to update; rename or delete one`,
    );
  }
  const dry = command.dryRun ? ' (dry run: nothing changed)' : '';

  const current = existing[0];
  if (!current) {
    if (command.dryRun) {
      io.stdout(`would create plan "${file.name}" on target "${target.name}"${describeSpec(desired)}${dry}\n`);
      return EXIT.OK;
    }
    // The spec as written (the API judges it): its errors then name fields the way the file does.
    const created = ok(await client.api.POST('/plans', { body: { name: file.name, targetId: target.id, ...file.spec } as CreatePlanBody }));
    io.stdout(`created plan "${created.name}" (${created.id}) v${created.version} on target "${target.name}"\n`);
    return EXIT.OK;
  }

  const currentTarget = targets.find((candidate) => candidate.id === current.targetId)?.name ?? current.targetId;
  const changes = planChanges({ target: currentTarget, spec: current.spec }, { target: target.name, spec: desired });
  if (!changes.length) {
    io.stdout(`plan "${current.name}" (${current.id}) unchanged at v${current.version}\n`);
    return EXIT.OK;
  }
  const listing = changes.map((change) => `  ${formatChange(change)}`).join('\n');
  const unsupported = unsupportedChanges(current.spec, desired);
  if (command.dryRun) {
    io.stdout(
      `would update plan "${current.name}" (${current.id}) from v${current.version} to v${current.version + 1}, ${count(changes.length, 'change')}${dry}:\n${listing}\n`,
    );
    if (unsupported.length) io.stdout(`but the API cannot apply it: ${unsupported.join('; ')}\n`);
    return unsupported.length ? EXIT.USAGE : EXIT.OK;
  }
  if (unsupported.length) {
    throw new CliError(
      `Cannot update plan "${current.name}" (${current.id}): ${unsupported.join('; ')}. Delete it and apply again to recreate it (its runs stay with the old plan).\nChanges:\n${listing}`,
    );
  }
  const updated = ok(
    await client.api.PATCH('/plans/{id}', {
      params: { path: { id: current.id } },
      body: patchFor(desired, target.id !== current.targetId ? target.id : undefined) as UpdatePlanBody,
    }),
  );
  // Whatever the API did not take would show again on the next apply: say so now.
  const left = planChanges(
    { target: targets.find((candidate) => candidate.id === updated.targetId)?.name ?? updated.targetId, spec: updated.spec },
    { target: target.name, spec: desired },
  );
  io.stdout(`updated plan "${updated.name}" (${updated.id}) to v${updated.version}, ${count(changes.length, 'change')}:\n${listing}\n`);
  if (left.length) {
    throw new CliError(`The API saved v${updated.version} but did not take every change:\n${left.map((change) => `  ${formatChange(change)}`).join('\n')}`);
  }
  return EXIT.OK;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function describeSpec(spec: ReturnType<typeof normalizeSpec>): string {
  const parts = spec.script ? ['a custom script'] : [count(spec.scenarios.length, 'scenario')];
  parts.push(count(spec.thresholds.length, 'threshold'));
  return ` (${parts.join(', ')})`;
}
