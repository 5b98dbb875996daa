import type { RunView } from '@loadline/shared';
import { formatBytes, formatCount, formatLatency, formatPercent, formatRps } from '../../format/numbers';
import { elapsedSeconds, formatSeconds } from '../../format/time';

/** Splits "13,834 req/s" style values so the unit can be set smaller than the number. */
function splitUnit(text: string): [string, string] {
  const match = /^([^\s]+)\s+(.+)$/.exec(text);
  return match ? [match[1]!, match[2]!] : [text, ''];
}

/** Arrival-rate runs use a fraction of their VU pool; saying only "1" would read as broken. */
function peakVusText(summary: RunView['summary']): string {
  if (!summary) return formatCount(undefined);
  const busy = formatCount(summary.vusMax);
  return summary.vusAllocated > summary.vusMax ? `${busy} of ${formatCount(summary.vusAllocated)}` : busy;
}

export function KeyFacts({ run }: { run: RunView }) {
  const overall = run.summary?.overall;
  const wallClock = elapsedSeconds(run.startedAt, run.finishedAt);
  const facts = [
    { label: 'Duration', value: formatSeconds(run.summary?.durationSeconds ?? wallClock), split: false },
    { label: 'Requests', value: formatCount(overall?.count), split: false },
    { label: 'Throughput', value: overall ? `${formatRps(overall.rps)} req/s` : '—', split: true },
    { label: 'p95 latency', value: formatLatency(overall?.latency?.p95), split: true },
    { label: 'Error rate', value: formatPercent(overall?.errorRate), split: true },
    { label: 'Peak VUs', value: peakVusText(run.summary), split: false },
    { label: 'Received', value: formatBytes(overall?.bytesReceived), split: true },
  ];
  return (
    <dl className="stats" data-testid="run-facts">
      {facts.map((fact) => {
        const [number, unit] = fact.split ? splitUnit(fact.value) : [fact.value, ''];
        return (
          <div className="stats__item" key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>
              {number}
              {unit ? <span className="stats__unit"> {unit}</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
