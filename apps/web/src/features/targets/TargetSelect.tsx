import { useTargets } from './hooks';

/**
 * A choice among the organization's targets (environments), the plan's own first and marked:
 * which target a run goes to, or whose runs a trend follows. Shows nothing while the
 * organization has a single target, since there is nothing to choose.
 */
export function TargetSelect({
  label,
  ownTargetId,
  value,
  onChange,
  testId,
}: {
  /** The control's label (visible: several targets are a real choice). */
  label: string;
  /** The plan's own target: the default, named as such. */
  ownTargetId: string;
  value: string;
  onChange: (targetId: string) => void;
  testId: string;
}) {
  const targets = useTargets();
  const items = targets.data ?? [];
  if (items.length < 2) return null;
  const sorted = [...items].sort((a, b) => Number(b.id === ownTargetId) - Number(a.id === ownTargetId) || a.name.localeCompare(b.name));
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <select className="input select input--small" value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        {sorted.map((target) => (
          <option key={target.id} value={target.id}>
            {target.name}
            {target.id === ownTargetId ? " (the plan's own)" : ''}
            {target.verified ? '' : ' · unverified'}
          </option>
        ))}
      </select>
    </label>
  );
}
