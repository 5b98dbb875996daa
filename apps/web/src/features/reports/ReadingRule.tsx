import { LATENCY_CHANGE_FLOOR, type RunComparison } from '@loadline/shared';
import { Card } from '../../components/PageHeader';

/** How a change is called, shown where latencies were judged (the rule a reader otherwise meets only as "within noise"). */
export function ReadingRule({ noise }: { noise: NonNullable<RunComparison['noise']> }) {
  const spread = noise.history
    ? `this plan's own run-to-run spread, read from its last ${noise.history.runs} runs`
    : noise.assumedLatencySpread
      ? `a run-to-run spread of ${Math.round(noise.assumedLatencySpread * 1000) / 10} % assumed for latencies until the plan has a history of its own`
      : null;
  const floor = `${Math.round(LATENCY_CHANGE_FLOOR * 1000) / 10} %`;
  return (
    <Card title="How changes are called">
      <ul className="compare-rule" data-testid="compare-reading-rule">
        <li>
          Each change has a 95 % interval from the runs’ own seconds. It is called better or worse only when that interval excludes no change; otherwise it
          reads “within noise”.
        </li>
        <li>
          Latencies are read from histograms to within {floor}: a latency change is called only when its interval stays clear of −{floor} to +{floor}.
        </li>
        {spread ? <li>Intervals are widened to {spread}: two runs of the same code differ by about that much anyway.</li> : null}
      </ul>
    </Card>
  );
}
