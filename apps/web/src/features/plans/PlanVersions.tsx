import { useState } from 'react';
import type { PlanSpec, PlanVersionSummary } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { usePlanDiff, usePlanVersions } from './hooks';
import { changeWords } from './plan-diff-words';

interface PlanVersionsProps {
  planId: string;
  current: number;
  /** The version whose details and script the page shows (null: the current one). */
  viewing: number | null;
  onView: (version: number | null) => void;
  /** The current spec, to name scenarios and requests in the changes. */
  spec: PlanSpec;
}

export function PlanVersions({ planId, current, viewing, onView, spec }: PlanVersionsProps) {
  const versions = usePlanVersions(planId);
  const [from, setFrom] = useState<number | null>(current > 1 ? current - 1 : null);
  const [to, setTo] = useState<number | null>(current > 1 ? current : null);
  return (
    <Card title="Versions">
      {versions.isPending ? (
        <LoadingState label="Loading versions…" />
      ) : versions.isError ? (
        <ErrorState title="Could not load the versions" error={versions.error} onRetry={() => void versions.refetch()} />
      ) : (
        <>
          <ol className="version-list" data-testid="plan-versions" reversed aria-label="Versions, newest first">
            {[...versions.data]
              .sort((a, b) => b.version - a.version)
              .map((version) => (
                <VersionRow
                  key={version.version}
                  version={version}
                  viewing={(viewing ?? current) === version.version}
                  onView={() => onView(version.current ? null : version.version)}
                  onCompare={() => {
                    setFrom(version.version);
                    setTo(current);
                  }}
                />
              ))}
          </ol>
          {versions.data.length > 1 ? (
            <DiffView planId={planId} versions={versions.data} from={from} to={to} onFrom={setFrom} onTo={setTo} spec={spec} />
          ) : (
            <p className="muted small">Editing the plan makes version 2; the changes between any two versions show here.</p>
          )}
        </>
      )}
    </Card>
  );
}

function VersionRow({ version, viewing, onView, onCompare }: { version: PlanVersionSummary; viewing: boolean; onView: () => void; onCompare: () => void }) {
  return (
    <li className={`version-list__item${viewing ? ' version-list__item--viewing' : ''}`} data-testid={`plan-version-${version.version}`}>
      <div>
        <strong>v{version.version}</strong> {version.current ? <span className="pill pill--success">current</span> : null}{' '}
        <span className="muted small">
          {formatDateTime(version.createdAt)}
          {version.createdBy ? ` · ${version.createdBy}` : ''}
        </span>
      </div>
      <div className="button-row button-row--tight">
        <button type="button" className="button button--ghost button--small" aria-pressed={viewing} onClick={onView}>
          {viewing ? 'Viewing' : 'View'}
        </button>
        {!version.current ? (
          <button type="button" className="button button--ghost button--small" onClick={onCompare}>
            Compare with current
          </button>
        ) : null}
      </div>
    </li>
  );
}

interface DiffViewProps {
  planId: string;
  versions: PlanVersionSummary[];
  from: number | null;
  to: number | null;
  onFrom: (version: number) => void;
  onTo: (version: number) => void;
  spec: PlanSpec;
}

function DiffView({ planId, versions, from, to, onFrom, onTo, spec }: DiffViewProps) {
  const diff = usePlanDiff(planId, from, to);
  const select = (label: string, value: number | null, onChange: (version: number) => void) => (
    <label className="inline-select">
      <span className="field__label">{label}</span>
      <select className="input select input--small" value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
        <option value="" disabled>
          version…
        </option>
        {versions.map((version) => (
          <option key={version.version} value={version.version}>
            v{version.version}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="diff" aria-labelledby="diff-heading" data-testid="plan-diff">
      <h3 className="diff__title" id="diff-heading">
        Changes
      </h3>
      <div className="button-row">
        {select('From', from, onFrom)}
        {select('To', to, onTo)}
      </div>
      {from === null || to === null ? null : diff.isPending ? (
        <LoadingState label="Comparing…" />
      ) : diff.isError ? (
        <ErrorState title="Could not compare these versions" error={diff.error} onRetry={() => void diff.refetch()} />
      ) : diff.data.changes.length === 0 ? (
        <EmptyState title="No changes">
          Versions {diff.data.from} and {diff.data.to} are the same plan.
        </EmptyState>
      ) : (
        <ul className="diff-list" aria-label={`Changes from version ${diff.data.from} to version ${diff.data.to}`}>
          {diff.data.changes.map((change) => (
            <li
              key={`${change.path}:${change.kind}`}
              className={`diff-list__item diff-list__item--${change.kind}`}
              data-testid={`diff-${change.path}`}
              data-kind={change.kind}
            >
              {changeWords(change, spec)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
