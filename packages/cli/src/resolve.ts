import type { PlanView, TargetView } from '@loadline/shared';
import { ok, type ApiClient } from './api.js';
import { CliError } from './exit-codes.js';

const listNames = (names: string[]) => {
  const shown = names.slice(0, 10).map((name) => `"${name}"`);
  return names.length > 10 ? `${shown.join(', ')} and ${names.length - 10} more` : shown.join(', ');
};

/** A plan by id or by exact name, among `plans`; errors name what there is. */
export function pickPlan(plans: readonly PlanView[], ref: string): PlanView {
  const byId = plans.find((plan) => plan.id === ref);
  if (byId) return byId;
  const byName = plans.filter((plan) => plan.name === ref);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) {
    throw new CliError(`${byName.length} plans are named "${ref}" (${byName.map((plan) => plan.id).join(', ')}): give the id instead`);
  }
  const near = plans.filter((plan) => plan.name.toLowerCase() === ref.toLowerCase());
  const hint = near.length
    ? ` Did you mean ${listNames(near.map((plan) => plan.name))}? Names are matched exactly.`
    : plans.length
      ? ` Plans: ${listNames(plans.map((plan) => plan.name))}.`
      : ' The organization has no plans yet.';
  return notFound(`No plan with the id or name "${ref}".${hint}`);
}

function notFound(message: string): never {
  throw new CliError(message);
}

export async function listPlans(client: ApiClient): Promise<PlanView[]> {
  return ok(await client.api.GET('/plans')).items;
}

export async function listTargets(client: ApiClient): Promise<TargetView[]> {
  return ok(await client.api.GET('/targets')).items;
}

export async function resolvePlan(client: ApiClient, ref: string): Promise<PlanView> {
  return pickPlan(await listPlans(client), ref);
}

/** `run --target`: a target (environment) by id or exact name; errors name what there is. */
export async function resolveTarget(client: ApiClient, ref: string): Promise<TargetView> {
  const targets = await listTargets(client);
  return targets.find((target) => target.id === ref) ?? pickTarget(targets, ref, '--target');
}

/** A target by exact name (plan files name their target). */
export function pickTarget(targets: readonly TargetView[], name: string, source: string): TargetView {
  const matches = targets.filter((target) => target.name === name);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new CliError(
      `${source}: ${matches.length} targets are named "${name}" (${matches.map((target) => `${target.id} ${target.baseUrl}`).join(', ')}); rename one so the plan file says which`,
    );
  }
  const hint = targets.length
    ? ` Targets: ${listNames(targets.map((target) => target.name))}.`
    : ' The organization has no targets yet (an admin creates them).';
  throw new CliError(`${source}: no target named "${name}".${hint}`);
}
