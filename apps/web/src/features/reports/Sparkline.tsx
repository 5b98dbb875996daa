import { formatLatency } from '../../format/numbers';
import { sparklinePath } from './report-format';

const WIDTH = 96;
const HEIGHT = 24;

/** A tiny inline p95 line over the last runs (oldest first); the label carries the numbers. */
export function Sparkline({ values, label }: { values: readonly (number | null)[]; label: string }) {
  const path = sparklinePath(values, WIDTH, HEIGHT);
  const present = values.filter((v): v is number => v !== null);
  if (!path) return <span className="muted small">no p95 yet</span>;
  const last = present.at(-1);
  return (
    <span className="sparkline" data-testid="sparkline" data-points={present.length}>
      <svg
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${label}: ${present.map((v) => formatLatency(v)).join(', ')}`}
      >
        <path d={path} fill="none" stroke="#E69F00" strokeWidth="1.75" strokeLinejoin="round" strokeLinecap="round" />
        {present.length === 1 ? <circle cx={WIDTH / 2} cy={HEIGHT / 2} r="2.5" fill="#E69F00" /> : null}
      </svg>
      <span className="sparkline__last small">{formatLatency(last)}</span>
    </span>
  );
}
