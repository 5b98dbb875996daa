import { TextField } from '../../forms/Fields';
import { fieldId, type FieldErrors } from '../../forms/field-errors';
import { newHeaderRow } from './header-rows';
import type { ExistingAction, SecretEdits, SecretKind } from './secret-edits';

const TEXT = {
  headers: {
    legend: 'Default headers',
    noun: 'header',
    name: 'Header name',
    placeholder: 'Authorization',
    valuePlaceholder: 'Bearer …',
    hint: 'Sent with every request of every plan.',
  },
  variables: {
    legend: 'Secret variables',
    noun: 'variable',
    name: 'Variable name',
    placeholder: 'API_KEY',
    valuePlaceholder: 'the secret',
    hint: 'Plans use them as {{vars.NAME}} in paths, headers and bodies; custom scripts read them from LOADLINE_VARS.',
  },
} as const;

interface SecretsEditorProps {
  kind: SecretKind;
  edits: SecretEdits;
  errors: FieldErrors;
  onEdits: (edits: SecretEdits) => void;
}

/** Stored entries (names only: keep, replace or remove) and new name/value rows. */
export function SecretsEditor({ kind, edits, errors, onEdits }: SecretsEditorProps) {
  const text = TEXT[kind];
  const Noun = text.noun[0]!.toUpperCase() + text.noun.slice(1);
  const setExisting = (index: number, action: ExistingAction, value = '') =>
    onEdits({ ...edits, existing: edits.existing.map((entry, i) => (i === index ? { ...entry, action, value } : entry)) });
  const setAdded = (id: number, patch: { name?: string; value?: string }) =>
    onEdits({ ...edits, added: edits.added.map((row) => (row.id === id ? { ...row, ...patch } : row)) });

  return (
    <fieldset className="fieldset subsection" data-testid={`secrets-${kind}`}>
      <legend className="fieldset__legend">{text.legend}</legend>
      <p className="fieldset__hint">{text.hint} Values are stored encrypted and never shown again.</p>
      {edits.existing.length ? (
        <ul className="secret-list" aria-label={`Stored ${text.legend.toLowerCase()}`}>
          {edits.existing.map((entry, index) => {
            const error = errors[`${kind}.existing.${index}`];
            return (
              <li key={entry.name} className={`secret-list__item secret-list__item--${entry.action}`} data-testid={`stored-${kind}-${entry.name}`}>
                <code>{kind === 'variables' ? `{{vars.${entry.name}}}` : entry.name}</code>
                <span className="muted small">{entry.action === 'remove' ? 'removed on save' : entry.action === 'replace' ? 'new value:' : '•••• stored'}</span>
                {entry.action === 'replace' ? (
                  <input
                    id={fieldId(`${kind}.existing.${index}`)}
                    className="input input--small"
                    aria-label={`New value for ${entry.name}`}
                    autoComplete="off"
                    placeholder="blank keeps the stored value"
                    value={entry.value}
                    onChange={(event) => setExisting(index, 'replace', event.target.value)}
                  />
                ) : null}
                <span className="button-row button-row--tight">
                  {entry.action === 'keep' ? (
                    <>
                      <button type="button" className="button button--ghost button--small" onClick={() => setExisting(index, 'replace')}>
                        Replace
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Remove ${entry.name}`}
                        onClick={() => setExisting(index, 'remove')}
                      >
                        Remove
                      </button>
                    </>
                  ) : (
                    <button type="button" className="button button--ghost button--small" onClick={() => setExisting(index, 'keep')}>
                      Keep
                    </button>
                  )}
                </span>
                {error ? (
                  <p className="field__error" role="alert">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {edits.added.map((row, index) => (
        <div className="kv-row" key={row.id} role="group" aria-label={`${Noun} ${index + 1}`}>
          <TextField
            path={`${kind}.${index}.name`}
            label={text.name}
            placeholder={text.placeholder}
            autoComplete="off"
            spellCheck={false}
            errors={errors}
            value={row.name}
            onValueChange={(name) => setAdded(row.id, { name })}
          />
          <TextField
            path={`${kind}.${index}.value`}
            label="Value"
            type={kind === 'variables' ? 'password' : 'text'}
            placeholder={text.valuePlaceholder}
            autoComplete="off"
            errors={errors}
            value={row.value}
            onValueChange={(value) => setAdded(row.id, { value })}
          />
          <button
            type="button"
            className="button button--icon"
            aria-label={`Remove ${text.noun} ${index + 1}`}
            onClick={() => onEdits({ ...edits, added: edits.added.filter((r) => r.id !== row.id) })}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="button button--secondary button--small" onClick={() => onEdits({ ...edits, added: [...edits.added, newHeaderRow()] })}>
        + Add {text.noun}
      </button>
    </fieldset>
  );
}

/** What a base URL's scheme means for plans, as the URL is typed. */
export function schemeHint(baseUrl: string): string {
  let scheme = '';
  try {
    scheme = new URL(baseUrl.trim()).protocol;
  } catch {
    return 'http://, https://, ws://, wss://, grpc:// (plaintext) or grpcs:// (TLS). Plan paths are relative to it.';
  }
  switch (scheme) {
    case 'http:':
    case 'https:':
      return `HTTP${scheme === 'https:' ? 'S' : ''} target: plans send HTTP requests; paths are relative to this URL.`;
    case 'ws:':
    case 'wss:':
      return `WebSocket target${scheme === 'wss:' ? ' (TLS)' : ''}: plans open connections, send messages and time the replies.`;
    case 'grpc:':
    case 'grpcs:':
      return `gRPC target (${scheme === 'grpcs:' ? 'TLS' : 'plaintext HTTP/2'}): plans make unary calls; give a .proto or use server reflection.`;
    default:
      return `${scheme}// is not a scheme Loadline can load: use http, https, ws, wss, grpc or grpcs.`;
  }
}
