import { Link } from 'react-router';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatCount } from '../../format/numbers';
import { formatRelative } from '../../format/time';
import { useCan } from '../../session';
import { UploadForm } from './UploadForm';
import { useDataSets } from './hooks';

export function DataSetsPage() {
  const sets = useDataSets();
  const canWrite = useCan('data:write');
  return (
    <>
      <PageHeader
        title="Data sets"
        description="Test data for plans: one row per user, token or order, so that every virtual user sends its own values. Plans use a column as {{data.<set>.<column>}}."
      />
      <div className="layout-split">
        <Card title="Your data sets">
          {sets.isPending ? (
            <LoadingState label="Loading data sets…" />
          ) : sets.isError ? (
            <ErrorState title="Could not load data sets" error={sets.error} onRetry={() => void sets.refetch()} />
          ) : sets.data.length === 0 ? (
            <EmptyState title="No data sets yet">Upload a CSV or JSON file with the form.</EmptyState>
          ) : (
            <ul className="item-list" aria-label="Data sets" data-testid="data-sets-list">
              {sets.data.map((set) => (
                <li key={set.id} className="item-list__item" data-testid={`data-set-${set.name}`}>
                  <div className="item-list__main">
                    <Link className="item-list__title" to={`/data-sets/${encodeURIComponent(set.name)}`}>
                      {set.name}
                    </Link>
                    <span className="chips" aria-label="Columns">
                      {set.latest.columns.map((column) => (
                        <span className={`chip${column.secret ? ' chip--secret' : ''}`} key={column.name}>
                          {column.name}
                          {column.secret ? ' (secret)' : ''}
                        </span>
                      ))}
                    </span>
                  </div>
                  <div className="item-list__meta">
                    <span className="small">
                      {formatCount(set.latest.rowCount)} rows · v{set.latest.version}
                    </span>
                    <span className="muted small">{formatRelative(set.updatedAt)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Upload a data set">
          {canWrite ? (
            <UploadForm />
          ) : (
            <p className="muted" data-testid="data-sets-read-only">
              Members, admins and owners upload data sets.
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
