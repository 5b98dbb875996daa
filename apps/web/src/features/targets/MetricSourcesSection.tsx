import { useState } from 'react';
import { TELEMETRY_LIMITS, type MetricSourceView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Card } from '../../components/PageHeader';
import { ErrorState, LoadingState, errorMessage } from '../../components/States';
import { ROLE_LABEL } from '../../format/telemetry';
import { useCan } from '../../session';
import { MetricSourceForm } from './MetricSourceForm';
import { useDeleteMetricSource, useMetricSources } from './hooks';
import { AUTH_LABEL, sourceSummary } from './source-form';

/**
 * The target's metric sources (docs/telemetry.md): where runs read the target's own metrics
 * beside the load. Everyone who may read the target sees them (credentials by their kind
 * only); admins and owners add, edit and remove them. One form at a time: the add and edit
 * forms share their field ids.
 */
export function MetricSourcesSection({ targetId }: { targetId: string }) {
  const sources = useMetricSources(targetId);
  const canWrite = useCan('targets:write');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const full = (sources.data?.length ?? 0) >= TELEMETRY_LIMITS.maxSources;

  return (
    <section id="metric-sources" aria-label="Metric sources">
      <Card
        title="Metric sources"
        intro="Runs read these while the load runs (a few seconds before and after too), so the report shows the target's side: CPU against its cores, restarts, pools, queues."
        actions={
          canWrite && !adding && !editing && !full ? (
            <button type="button" className="button button--secondary button--small" onClick={() => setAdding(true)} data-testid="new-source">
              + Add metric source
            </button>
          ) : null
        }
      >
        <div data-testid="metric-sources">
          {sources.isPending ? (
            <LoadingState label="Loading metric sources…" />
          ) : sources.isError ? (
            <ErrorState title="Could not load the metric sources" error={sources.error} onRetry={() => void sources.refetch()} />
          ) : sources.data.length ? (
            <ul className="item-list">
              {sources.data.map((source) => (
                <SourceItem
                  key={source.id}
                  source={source}
                  targetId={targetId}
                  canWrite={canWrite && !adding && (editing === null || editing === source.id)}
                  editing={editing === source.id}
                  onEdit={(on) => setEditing(on ? source.id : null)}
                />
              ))}
            </ul>
          ) : (
            <p className="muted" data-testid="no-sources">
              No metric sources yet: the report shows only what the load generator measured.
            </p>
          )}
          {full && canWrite ? <p className="muted small">A target has at most {TELEMETRY_LIMITS.maxSources} metric sources.</p> : null}
          {adding ? <MetricSourceForm targetId={targetId} onDone={() => setAdding(false)} /> : null}
        </div>
      </Card>
    </section>
  );
}

function SourceItem({
  source,
  targetId,
  canWrite,
  editing,
  onEdit,
}: {
  source: MetricSourceView;
  targetId: string;
  canWrite: boolean;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const remove = useDeleteMetricSource(targetId);
  if (editing) {
    return (
      <li className="item-list__item" data-testid={`source-${source.name}`} data-kind={source.kind}>
        <div className="item-list__main">
          <MetricSourceForm targetId={targetId} source={source} onDone={() => onEdit(false)} />
        </div>
      </li>
    );
  }
  return (
    <li className="item-list__item" data-testid={`source-${source.name}`} data-kind={source.kind}>
      <div className="item-list__main">
        <span className="item-list__title">
          {source.name} <span className="pill pill--muted">{source.kind === 'scrape' ? 'scrape' : 'PromQL'}</span>
        </span>
        <code className="item-list__sub" data-testid="source-url">
          {source.url}
        </code>
        <span className="item-list__sub" data-testid="source-summary">
          {sourceSummary(source)} · {AUTH_LABEL[source.authType]}
          {source.cpuCores !== null ? ` · ${source.cpuCores} ${source.cpuCores === 1 ? 'core' : 'cores'}` : ''}
        </span>
        {source.selectors.length ? (
          <ul className="item-list__sub mono" aria-label={`Selectors of ${source.name}`}>
            {source.selectors.map((selector) => (
              <li key={selector}>{selector}</li>
            ))}
          </ul>
        ) : null}
        {source.queries.length ? (
          <ul className="item-list__sub" aria-label={`Queries of ${source.name}`}>
            {source.queries.map((query) => (
              <li key={query.name}>
                <code>{query.name}</code> = <code>{query.expr}</code>
                {query.role ? ` (${ROLE_LABEL[query.role as keyof typeof ROLE_LABEL] ?? query.role})` : ''}
              </li>
            ))}
          </ul>
        ) : null}
        {remove.isError ? (
          <p className="field__error" role="alert">
            {errorMessage(remove.error)}
          </p>
        ) : null}
      </div>
      {canWrite ? (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Edit metric source ${source.name}`}
          onClick={() => onEdit(true)}
          data-testid={`edit-source-${source.name}`}
        >
          Edit
        </button>
      ) : null}
      {canWrite ? (
        <ConfirmButton
          label="Remove"
          ariaLabel={`Remove metric source ${source.name}`}
          question={`Remove ${source.name}? Runs already made keep what they read.`}
          confirmLabel="Remove source"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(source.id)}
          testId={`remove-source-${source.name}`}
        />
      ) : null}
    </li>
  );
}
