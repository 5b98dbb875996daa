import { useEffect, useId, useState } from 'react';
import { RUN_STATUSES, VERDICTS, type PlanView, type TargetView } from '@loadline/shared';
import { DayField } from '../../components/DayField';
import { labelError, type RunFilters, RUN_FILTER_KEYS } from './list-filters';

type Key = (typeof RUN_FILTER_KEYS)[number];

interface RunFiltersFormProps {
  filters: RunFilters;
  targets: readonly TargetView[];
  plans: readonly PlanView[];
  onChange: (key: Key, value: string) => void;
  onClear: () => void;
}

/** The Runs list's filters: each applies as soon as it is chosen (a label when applied). */
export function RunFiltersForm({ filters, targets, plans, onChange, onClear }: RunFiltersFormProps) {
  const [label, setLabel] = useState(filters.label ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => setLabel(filters.label ?? ''), [filters.label]);

  const select = (key: 'status' | 'verdict' | 'targetId' | 'planId', text: string, options: readonly { value: string; label: string }[]) => (
    <label className="field field--inline">
      <span className="field__label">{text}</span>
      <select
        className="input input--small"
        value={filters[key] ?? ''}
        onChange={(event) => onChange(key, event.target.value)}
        data-testid={`runs-filter-${key}`}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      className="list-filters no-print"
      aria-label="Filter runs"
      onSubmit={(event) => {
        event.preventDefault();
        const problem = labelError(label);
        setError(problem);
        if (!problem) onChange('label', label.trim());
      }}
    >
      {select(
        'status',
        'Status',
        RUN_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() })),
      )}
      {select(
        'verdict',
        'Verdict',
        VERDICTS.map((verdict) => ({ value: verdict, label: verdict })),
      )}
      {select(
        'targetId',
        'Target',
        targets.map((target) => ({ value: target.id, label: target.name })),
      )}
      {select(
        'planId',
        'Plan',
        plans.map((plan) => ({ value: plan.id, label: plan.name })),
      )}
      <DayField label="From" value={filters.from ?? ''} onChange={(day) => onChange('from', day)} testId="runs-filter-from" />
      <DayField label="To" value={filters.to ?? ''} onChange={(day) => onChange('to', day)} testId="runs-filter-to" />
      <span className="day-field">
        <label className="field field--inline">
          <span className="field__label">Label</span>
          <input
            className="input input--small mono"
            value={label}
            placeholder="branch=main"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setLabel(event.target.value);
              if (error && !labelError(event.target.value)) setError(null);
            }}
            data-testid="runs-filter-label"
          />
        </label>
        {error ? (
          <span className="field__error" id={errorId} role="alert">
            {error}
          </span>
        ) : null}
      </span>
      <button type="submit" className="button button--secondary button--small" data-testid="runs-filter-label-apply">
        Apply label
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          setError(null);
          onClear();
        }}
      >
        Clear filters
      </button>
    </form>
  );
}
