import { useState } from 'react';
import { copyText } from '../../components/clipboard';
import { Card } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/States';
import { usePlanScript } from './hooks';

function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * The exact k6 script a run of the version executes: read-only, to copy or download.
 * `collapsed`: folded until asked for (a plan's page, where the script is rarely what one came for).
 */
export function ScriptPreview({
  planId,
  version,
  current,
  collapsed = false,
}: {
  planId: string;
  version: number | null;
  current: number;
  collapsed?: boolean;
}) {
  const script = usePlanScript(planId, version);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const shown = version ?? current;
  const code = script.data ? (
    <pre className="code-block" tabIndex={0} aria-label={`k6 script of version ${script.data.version}`} data-testid="script-preview">
      {script.data.script}
    </pre>
  ) : null;
  return (
    <Card
      title={
        <>
          k6 script <span className="pill pill--muted">v{shown}</span>
        </>
      }
      actions={
        script.data ? (
          <span className="button-row button-row--tight">
            <button
              type="button"
              className="button button--secondary button--small"
              data-testid="copy-script"
              onClick={() => void copyText(script.data.script).then((ok) => setCopied(ok ? 'yes' : 'no'))}
            >
              Copy
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              data-testid="download-script"
              onClick={() => download(script.data.filename, script.data.script)}
            >
              Download .js
            </button>
          </span>
        ) : null
      }
    >
      {script.isPending ? (
        <LoadingState label="Generating the script…" />
      ) : script.isError ? (
        <ErrorState title="Could not load the script" error={script.error} onRetry={() => void script.refetch()} />
      ) : (
        <>
          <p className="muted small">
            What a run of version {script.data.version} executes, as <code>{script.data.filename}</code>. It holds no target address or secret; to run it
            yourself set{' '}
            {script.data.env.map((name, i) => (
              <span key={name}>
                {i ? (i === script.data.env.length - 1 ? ' and ' : ', ') : ''}
                <code>{name}</code>
              </span>
            ))}
            .
          </p>
          <p className="sr-only" aria-live="polite">
            {copied === 'yes' ? 'Script copied.' : copied === 'no' ? 'Could not copy; select the text instead.' : ''}
          </p>
          {copied ? (
            <p className={`small ${copied === 'yes' ? 'text-success' : 'text-danger'}`} aria-hidden="true">
              {copied === 'yes' ? 'Copied to the clipboard.' : 'Could not copy; select the text instead.'}
            </p>
          ) : null}
          {collapsed ? (
            <details className="script-fold" data-testid="script-fold">
              <summary>Show the script ({script.data.script.split('\n').length} lines)</summary>
              {code}
            </details>
          ) : (
            code
          )}
        </>
      )}
    </Card>
  );
}
