import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { RunsTable } from '../run-list';
import { useTargets } from '../targets';
import { usePlanList, useRunPage } from './hooks';
import { hasFilters, runFiltersFrom, withFilter, type RunFilters } from './list-filters';
import { RunFiltersForm } from './RunFiltersForm';

const PAGE_SIZE = 25;

/** `/runs?status=&verdict=&label=&targetId=&planId=&from=&to=`: every run of the organization, newest first. */
export function RunsListPage() {
  const [params, setParams] = useSearchParams();
  const filters = runFiltersFrom(params);
  const targets = useTargets();
  const plans = usePlanList({});

  return (
    <>
      <PageHeader title="Runs" description="Every run of this organization, newest first. Filters combine; days are in UTC." />
      <div className="stack">
        <RunFiltersForm
          filters={filters}
          targets={targets.data ?? []}
          plans={plans.data ?? []}
          onChange={(key, value) => setParams(withFilter(params, key, value), { replace: true })}
          onClear={() => setParams(new URLSearchParams(), { replace: true })}
        />
        {/* A new filter starts again at the first page: the cursors of the old pages mean nothing to it. */}
        <RunPages key={JSON.stringify(filters)} filters={filters} />
      </div>
    </>
  );
}

function RunPages({ filters }: { filters: RunFilters }) {
  // The cursors of the pages before this one: the last is this page's.
  const [cursors, setCursors] = useState<string[]>([]);
  const page = useRunPage(filters, PAGE_SIZE, cursors.at(-1));
  if (page.isPending) return <LoadingState label="Loading runs…" />;
  if (page.isError) return <ErrorState title="Could not load the runs" error={page.error} onRetry={() => void page.refetch()} />;
  const { items, next } = page.data;
  // Busy while a page of other filters is still shown in its place (placeholder data).
  const busy = page.isPlaceholderData;
  if (items.length === 0 && cursors.length === 0)
    return (
      <div className="list-results" data-testid="runs-results" aria-busy={busy}>
        <EmptyState title={hasFilters(filters) ? 'No run matches these filters' : 'No runs yet'}>
          {hasFilters(filters) ? 'Loosen or clear a filter to see more runs.' : 'Start a run from a plan’s page; it appears here.'}
        </EmptyState>
      </div>
    );
  return (
    <Card title={`Runs, page ${cursors.length + 1}`}>
      <div className="list-results" data-testid="runs-results" aria-busy={busy}>
        <RunsTable runs={items} caption="Runs matching the filters, newest first" showVerdict />
      </div>
      <nav className="pager" aria-label="Pages of runs">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          ← Newer
        </button>
        <span className="muted small" data-testid="runs-page">
          Page {cursors.length + 1}
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={!next}
          onClick={() => next && setCursors([...cursors, next])}
          data-testid="runs-next-page"
        >
          Older →
        </button>
      </nav>
    </Card>
  );
}
