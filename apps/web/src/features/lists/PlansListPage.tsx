import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PlanView } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatRelative } from '../../format/time';
import { useCan } from '../../session';
import { useTargets } from '../targets';
import { usePlanList } from './hooks';
import { pageOf, withFilter } from './list-filters';

const PAGE_SIZE = 25;

/** `/plans?targetId=&q=`: the organization's plans, newest first, by target and name. */
export function PlansListPage() {
  const [params, setParams] = useSearchParams();
  const targetId = params.get('targetId') ?? '';
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [targetId, q]);
  const targets = useTargets();
  const plans = usePlanList({ targetId: targetId || undefined, q: q || undefined });
  const canWrite = useCan('plans:write');
  const targetName = (id: string) => targets.data?.find((target) => target.id === id)?.name ?? '—';

  return (
    <>
      <PageHeader
        title="Plans"
        description="Every test plan of this organization, newest first."
        actions={
          canWrite ? (
            <Link className="button button--primary" to="/plans/new">
              New plan
            </Link>
          ) : null
        }
      />
      <div className="stack">
        <form
          className="list-filters no-print"
          aria-label="Filter plans"
          onSubmit={(event) => {
            event.preventDefault();
            setParams(withFilter(params, 'q', search.trim()), { replace: true });
          }}
        >
          <label className="field field--inline">
            <span className="field__label">Target</span>
            <select
              className="input input--small"
              value={targetId}
              onChange={(event) => setParams(withFilter(params, 'targetId', event.target.value), { replace: true })}
              data-testid="plans-filter-target"
            >
              <option value="">Any</option>
              {(targets.data ?? []).map((target) => (
                <option key={target.id} value={target.id}>
                  {target.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field field--inline">
            <span className="field__label">Name contains</span>
            <input
              className="input input--small"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              data-testid="plans-filter-name"
            />
          </label>
          <button type="submit" className="button button--secondary button--small">
            Search
          </button>
        </form>
        <div className="list-results" data-testid="plans-results" aria-busy={plans.isPlaceholderData}>
          {plans.isPending ? (
            <LoadingState label="Loading plans…" />
          ) : plans.isError ? (
            <ErrorState title="Could not load the plans" error={plans.error} onRetry={() => void plans.refetch()} />
          ) : plans.data.length === 0 ? (
            <EmptyState title={targetId || q ? 'No plan matches these filters' : 'No plans yet'}>
              {targetId || q ? 'Clear the name or pick another target.' : 'Create a plan to describe the load to put on a target.'}
            </EmptyState>
          ) : (
            <PlansTable plans={pageOf(plans.data, page, PAGE_SIZE)} targetName={targetName} onPage={setPage} />
          )}
        </div>
      </div>
    </>
  );
}

function PlansTable({
  plans,
  targetName,
  onPage,
}: {
  plans: ReturnType<typeof pageOf<PlanView>>;
  targetName: (id: string) => string;
  onPage: (page: number) => void;
}) {
  return (
    <Card title={`Plans, page ${plans.page} of ${plans.pages}`}>
      <div className="table-wrap" tabIndex={0}>
        <table className="table" data-testid="plans-table">
          <caption className="sr-only">Plans matching the filters, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Target</th>
              <th scope="col" className="num">
                Version
              </th>
              <th scope="col">Changed</th>
            </tr>
          </thead>
          <tbody>
            {plans.items.map((plan) => (
              <tr key={plan.id} data-testid={`plan-row-${plan.id}`}>
                <th scope="row">
                  <Link to={`/plans/${encodeURIComponent(plan.id)}`}>{plan.name}</Link>
                </th>
                <td>
                  <Link to={`/targets/${encodeURIComponent(plan.targetId)}`}>{targetName(plan.targetId)}</Link>
                </td>
                <td className="num">v{plan.version}</td>
                <td className="nowrap" title={plan.updatedAt}>
                  {formatRelative(plan.updatedAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plans.pages > 1 ? (
        <nav className="pager" aria-label="Pages of plans">
          <button type="button" className="button button--secondary button--small" disabled={plans.page <= 1} onClick={() => onPage(plans.page - 1)}>
            ← Previous
          </button>
          <span className="muted small">
            Page {plans.page} of {plans.pages}
          </span>
          <button type="button" className="button button--secondary button--small" disabled={plans.page >= plans.pages} onClick={() => onPage(plans.page + 1)}>
            Next →
          </button>
        </nav>
      ) : null}
    </Card>
  );
}
