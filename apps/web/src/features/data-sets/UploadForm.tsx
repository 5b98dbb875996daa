import { useState, type ChangeEvent, type FormEvent } from 'react';
import { dataSetNameSchema } from '@loadline/shared';
import { errorMessage } from '../../components/States';
import { columnsOfText, formatOfFile, suggestedName, type DataSetFileFormat } from './file-columns';
import { useUploadDataSet } from './hooks';

interface UploadFormProps {
  /** Uploading a new version of this set: the name is fixed. */
  name?: string;
  onUploaded?: () => void;
}

interface ChosenFile {
  file: File;
  format: DataSetFileFormat;
  columns: string[];
}

/**
 * Uploads a CSV or JSON file as a data set (or a new version of one), with the columns to
 * seal ticked. The columns are read from the file in the browser only to offer them; the API
 * parses the file and refuses it naming the line or row.
 */
export function UploadForm({ name: fixedName, onUploaded }: UploadFormProps) {
  const upload = useUploadDataSet();
  const [name, setName] = useState(fixedName ?? '');
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [secret, setSecret] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setProblem(null);
    setDone(null);
    const file = event.target.files?.[0];
    if (!file) return setChosen(null);
    const format = formatOfFile(file.name);
    if (!format) {
      setChosen(null);
      return setProblem('Choose a .csv file (a header row, then rows) or a .json file (an array of flat objects).');
    }
    const columns = columnsOfText(await file.text(), format);
    setChosen({ file, format, columns });
    setSecret((previous) => previous.filter((column) => columns.includes(column)));
    if (!fixedName && !name) setName(suggestedName(file.name));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    if (!dataSetNameSchema.safeParse(name).success) {
      return setProblem('The name must be letters, digits and _ (not starting with a digit): plans use it as {{data.<name>.<column>}}.');
    }
    if (!chosen) return setProblem('Choose a file to upload.');
    upload.mutate(
      { name, file: chosen.file, format: chosen.format, secret },
      {
        onSuccess: (set) => {
          setDone(
            `Uploaded ${set.name} version ${set.latest.version}: ${set.latest.rowCount.toLocaleString('en-US')} ${set.latest.rowCount === 1 ? 'row' : 'rows'}.`,
          );
          onUploaded?.();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  }

  const toggle = (column: string) => setSecret((previous) => (previous.includes(column) ? previous.filter((c) => c !== column) : [...previous, column]));

  return (
    <form className="form" aria-label={fixedName ? 'Upload a new version' : 'Upload a data set'} onSubmit={submit} noValidate>
      {fixedName ? null : (
        <div className="field">
          <label className="field__label" htmlFor="data-set-name">
            Name
          </label>
          <input id="data-set-name" className="input" value={name} onChange={(event) => setName(event.target.value)} aria-describedby="data-set-name-hint" />
          <p className="field__hint" id="data-set-name-hint">
            Plans use its columns as <code>{`{{data.${name || 'name'}.column}}`}</code>.
          </p>
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor="data-set-file">
          File
        </label>
        <input
          id="data-set-file"
          className="input"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(event) => void choose(event)}
          aria-describedby="data-set-file-hint"
        />
        <p className="field__hint" id="data-set-file-hint">
          CSV with a header row, or a JSON array of flat objects. UTF-8.
        </p>
      </div>
      {chosen && chosen.columns.length > 0 ? (
        <fieldset className="field">
          <legend className="field__label">Secret columns</legend>
          <p className="field__hint">Sealed at rest, masked in previews, kept out of reports and logs: never shown again in full.</p>
          <div className="chips">
            {chosen.columns.map((column) => (
              <label key={column} className="checkbox-label">
                <input type="checkbox" checked={secret.includes(column)} onChange={() => toggle(column)} /> {column}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {problem ? (
        <div className="alert alert--error" role="alert" data-testid="data-set-upload-error">
          <p>{problem}</p>
        </div>
      ) : null}
      {done ? (
        <div className="alert alert--success" role="status" data-testid="data-set-uploaded">
          <p>{done}</p>
        </div>
      ) : null}
      <button type="submit" className="button button--primary" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload'}
      </button>
    </form>
  );
}
