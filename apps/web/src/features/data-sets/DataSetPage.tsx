import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SECRET_CELL_MASK } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { Card, PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatBytes, formatCount } from '../../format/numbers';
import { formatDateTime } from '../../format/time';
import { useCan } from '../../session';
import { UploadForm } from './UploadForm';
import { useDataSet, useDataSetPreview, useDataSetVersions, useDeleteDataSet } from './hooks';

export function DataSetPage() {
  const { name = '' } = useParams();
  const set = useDataSet(name);
  const canWrite = useCan('data:write');
  const [version, setVersion] = useState<number | null>(null);

  if (set.isPending) return <LoadingState label="Loading the data set…" />;
  if (set.isError) return <ErrorState title="Could not load this data set" error={set.error} onRetry={() => void set.refetch()} />;

  return (
    <>
      <PageHeader
        title={set.data.name}
        eyebrow={<Link to="/data-sets">Data sets</Link>}
        description={
          <>
            {formatCount(set.data.latest.rowCount)} rows in version {set.data.latest.version}. Plans use a column as{' '}
            <code>{`{{data.${set.data.name}.${set.data.latest.columns[0]?.name ?? 'column'}}}`}</code>.
          </>
        }
        actions={canWrite ? <DeleteDataSet name={set.data.name} /> : null}
      />
      <Preview name={set.data.name} version={version} />
      <div className="layout-split">
        <Versions name={set.data.name} selected={version ?? set.data.latest.version} onSelect={setVersion} />
        {canWrite ? (
          <Card title="Upload a new version">
            <UploadForm name={set.data.name} onUploaded={() => setVersion(null)} />
          </Card>
        ) : null}
      </div>
    </>
  );
}

function Preview({ name, version }: { name: string; version: number | null }) {
  const preview = useDataSetPreview(name, version);
  return (
    <Card
      title={preview.data ? `First rows of version ${preview.data.version}` : 'First rows'}
      intro={`Secret columns show ${SECRET_CELL_MASK}: they are never shown again in full.`}
    >
      {preview.isPending ? (
        <LoadingState label="Loading the first rows…" />
      ) : preview.isError ? (
        <ErrorState title="Could not load the preview" error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <>
          <DataTable
            caption={`The first rows of data set ${name}`}
            className="table--verbatim-head"
            columns={preview.data.columns.map((column) => (column.secret ? `${column.name} (secret)` : column.name))}
            testId="data-set-preview"
          >
            {preview.data.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>{cell}</td>
                ))}
              </tr>
            ))}
          </DataTable>
          <p className="muted small" data-testid="data-set-preview-count">
            {preview.data.rows.length} of {formatCount(preview.data.rowCount)} rows shown.
          </p>
        </>
      )}
    </Card>
  );
}

function Versions({ name, selected, onSelect }: { name: string; selected: number; onSelect: (version: number) => void }) {
  const versions = useDataSetVersions(name);
  return (
    <Card title="Versions">
      {versions.isPending ? (
        <LoadingState label="Loading versions…" />
      ) : versions.isError ? (
        <ErrorState title="Could not load versions" error={versions.error} onRetry={() => void versions.refetch()} />
      ) : (
        <DataTable caption={`Versions of data set ${name}`} columns={['Version', 'Format', 'Rows', 'Size', 'Uploaded']} actions testId="data-set-versions">
          {versions.data.map((version) => (
            <tr key={version.version} aria-current={version.version === selected ? 'true' : undefined}>
              <td>v{version.version}</td>
              <td>{version.format.toUpperCase()}</td>
              <td>{formatCount(version.rowCount)}</td>
              <td>{formatBytes(version.bytes)}</td>
              <td>{formatDateTime(version.createdAt)}</td>
              <td className="cell-actions">
                {version.version === selected ? (
                  <span className="muted small">Previewed</span>
                ) : (
                  <button type="button" className="button button--ghost button--small" onClick={() => onSelect(version.version)}>
                    Preview v{version.version}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

function DeleteDataSet({ name }: { name: string }) {
  const remove = useDeleteDataSet(name);
  const navigate = useNavigate();
  return (
    <div>
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete data set ${name}`}
        question={`Delete data set ${name} and all its versions? Runs that used it keep their results.`}
        confirmLabel="Delete data set"
        pending={remove.isPending}
        pendingLabel="Deleting…"
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate('/data-sets') })}
        testId="delete-data-set"
      />
      {remove.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(remove.error)}
        </p>
      ) : null}
    </div>
  );
}
