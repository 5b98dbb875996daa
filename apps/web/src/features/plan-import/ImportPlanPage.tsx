import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { IMPORT_FORMATS, MAX_IMPORT_BYTES, type ImportedPlan, type ImportFormat } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../components/States';
import { TextAreaField, TextField } from '../../forms/Fields';
import { fieldId } from '../../forms/field-errors';
import { useImportPlan } from '../plans';
import { RequirePermission } from '../../session';
import { ImportResult } from './ImportResult';

const FORMAT_LABEL: Record<ImportFormat, string> = { curl: 'curl commands', openapi: 'OpenAPI 3 (JSON or YAML)', har: 'HAR recording' };
const PLACEHOLDER: Record<ImportFormat, string> = {
  curl: 'curl -X POST https://api.example.com/orders -H \'content-type: application/json\' -d \'{"sku":"A1"}\'',
  openapi: 'openapi: 3.0.3\ninfo: { title: Shop, version: "1" }\nservers: [{ url: https://api.example.com }]\npaths: …',
  har: '{ "log": { "entries": [ … ] } }',
};

/** The format a file's name suggests. */
export function formatForFile(name: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.har')) return 'har';
  if (/\.(ya?ml|json)$/.test(lower)) return 'openapi';
  if (/\.(sh|txt|curl)$/.test(lower)) return 'curl';
  return null;
}

export function ImportPlanPage() {
  return (
    <RequirePermission permission="plans:write" what="import test plans">
      <ImportScreen />
    </RequirePermission>
  );
}

function ImportScreen() {
  const importPlan = useImportPlan();
  const [format, setFormat] = useState<ImportFormat>('curl');
  const [content, setContent] = useState('');
  const [name, setName] = useState('');
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [result, setResult] = useState<ImportedPlan | null>(null);
  const error = importPlan.error;
  const details = isApiError(error) ? error.details.filter((detail) => detail.path !== 'content' && detail.path !== 'name') : [];
  const fieldErrors: Record<string, string> = {};
  if (isApiError(error))
    for (const detail of error.details) if (detail.path === 'content' || detail.path === 'name') fieldErrors[detail.path] ??= detail.message;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setFileNote(`${file.name} is ${Math.round(file.size / 1024)} KiB; the limit is ${Math.round(MAX_IMPORT_BYTES / 1024)} KiB.`);
      return;
    }
    const guessed = formatForFile(file.name);
    if (guessed) setFormat(guessed);
    void file.text().then((text) => {
      setContent(text);
      setFileNote(`Read ${file.name}${guessed ? ` as ${FORMAT_LABEL[guessed]}` : ''}.`);
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim()) return;
    setResult(null);
    importPlan.mutate({ format, content, ...(name.trim() ? { name: name.trim() } : {}) }, { onSuccess: setResult });
  }

  return (
    <>
      <PageHeader
        eyebrow={<Link to="/plans/new">New test plan</Link>}
        title="Import a plan"
        description="Start from what you have: curl commands, an OpenAPI description or a HAR recording from the browser. Nothing is saved until you save the plan."
      />
      <div className="layout-split layout-split--import">
        <form className="section form" onSubmit={submit} noValidate aria-label="Import">
          <fieldset className="fieldset">
            <legend className="field__label">Format</legend>
            <div className="radio-row" role="radiogroup" aria-label="Format">
              {IMPORT_FORMATS.map((value) => (
                <label className="checkbox-label" key={value}>
                  <input type="radio" name="import-format" value={value} checked={format === value} onChange={() => setFormat(value)} />
                  <span>{FORMAT_LABEL[value]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={fieldId('import-file')}>
              Upload a file (optional)
            </label>
            <input id={fieldId('import-file')} className="input input--file" type="file" accept=".json,.yaml,.yml,.har,.txt,.sh" onChange={onFile} />
            {fileNote ? <p className="field__hint">{fileNote}</p> : null}
          </div>
          <TextAreaField
            path="content"
            label={format === 'curl' ? 'curl commands (one or more)' : 'Document'}
            rows={12}
            spellCheck={false}
            placeholder={PLACEHOLDER[format]}
            errors={fieldErrors}
            value={content}
            onValueChange={setContent}
          />
          <TextField
            path="name"
            label="Plan name (optional)"
            hint="by default, one the document suggests"
            errors={fieldErrors}
            value={name}
            onValueChange={setName}
          />
          {importPlan.isError ? (
            <div className="alert alert--error" role="alert" data-testid="import-error">
              <p className="alert__title">
                {isApiError(error) && error.code === 'IMPORT_INVALID' ? 'Loadline could not read this document.' : 'The import failed.'}
              </p>
              <p>{errorMessage(error)}</p>
              {details.length ? (
                <ul className="alert__list">
                  {details.map((detail) => (
                    <li key={`${detail.path}:${detail.message}`}>
                      <code>{detail.path}</code> {detail.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={importPlan.isPending || !content.trim()} data-testid="import-submit">
              {importPlan.isPending ? 'Reading…' : 'Read it'}
            </button>
          </div>
        </form>
        <div>{result ? <ImportResult result={result} /> : <ImportHelp />}</div>
      </div>
    </>
  );
}

function ImportHelp() {
  return (
    <div className="section">
      <h2 className="section__title">What you get</h2>
      <ul className="plain-list">
        <li>One scenario with a request per command, operation or recorded call, as a sequence.</li>
        <li>Headers, query parameters and bodies as written; secrets are not copied: use the target’s variables.</li>
        <li>A warning for everything left out or guessed, to check before a run.</li>
        <li>A base URL for the target, to pick an existing target or create one.</li>
      </ul>
    </div>
  );
}
