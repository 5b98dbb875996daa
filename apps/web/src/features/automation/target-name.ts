import { useTargets } from '../targets';

/** Where a trigger's or schedule's runs go, in words: the plan's own target, or another by name. */
export function useTargetName(targetId: string | null): string {
  const targets = useTargets();
  if (targetId === null) return "The plan's own target";
  return targets.data?.find((target) => target.id === targetId)?.name ?? 'Another target';
}
