import { evidenceLabel, evidenceValue } from './diagnostics-format';

/** The numbers behind a diagnostic or a telemetry finding, labelled in words. */
export function EvidenceList({ evidence }: { evidence: Record<string, number | string> }) {
  const entries = Object.entries(evidence);
  if (!entries.length) return null;
  return (
    <dl className="evidence" aria-label="Evidence">
      {entries.map(([key, value]) => (
        <div key={key} className="evidence__item">
          <dt>{evidenceLabel(key)}</dt>
          <dd>{evidenceValue(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
