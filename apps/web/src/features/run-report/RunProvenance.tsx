import type { RunView } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { provenanceRows } from './manifest-format';

/** "What this run measured": labels and manifest, so two runs can be told comparable or not. */
export function RunProvenance({ run }: { run: Pick<RunView, 'labels' | 'manifest'> }) {
  const rows = provenanceRows(run);
  if (!rows.length) return null;
  return (
    <Card title="What this run measured" intro="Comparisons name every difference in these between two runs.">
      <dl className="facts" data-testid="run-provenance">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className="mono small">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
