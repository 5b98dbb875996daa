import type { LiveThreshold } from '@loadline/shared';
import { ThresholdOrigin } from '../run-report';
import { LIVE_STATE_TEXT, liveFigure, stopText } from './live-thresholds-text';

/**
 * Each threshold's standing while the run goes (pushed with the live progress, judged by the
 * API on the seconds so far with the final verdict's rules). Without the live stream (the
 * polling fallback) there is none to show: the verdicts come when the run finishes.
 */
export function LiveThresholds({ statuses, streaming }: { statuses: readonly LiveThreshold[] | null; streaming: boolean }) {
  if (!statuses || !streaming) {
    return (
      <p className="muted" data-testid="live-thresholds-unavailable">
        The standing of each threshold shows while the live view is connected; verdicts are given when the run finishes.
      </p>
    );
  }
  if (statuses.length === 0) return <p className="muted">This plan has no SLA requirements, so the run will have no verdict to give.</p>;
  return (
    <>
      <p className="live-thresholds__note small" id="live-thresholds-note" data-testid="live-thresholds-note">
        <strong>Provisional.</strong> Judged on the seconds measured so far with the rules of the final verdict: what it would be if the run ended now. The
        verdict is given when the run ends, and the run’s diagnostics may still make it INCONCLUSIVE.
      </p>
      <div className="table-wrap" tabIndex={0} aria-describedby="live-thresholds-note">
        <table className="table table--stack" data-testid="live-thresholds">
          <caption className="sr-only">SLA thresholds so far</caption>
          <thead>
            <tr>
              <th scope="col">Requirement</th>
              <th scope="col" className="num">
                So far
              </th>
              <th scope="col">Standing</th>
              <th scope="col">Stop rule</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((status) => {
              const state = LIVE_STATE_TEXT[status.state];
              const stop = stopText(status);
              return (
                <tr key={status.index} data-testid={`live-threshold-${status.index}`} data-state={status.state}>
                  <th scope="row" className="mono">
                    {status.label}
                    <ThresholdOrigin threshold={status.threshold} />
                  </th>
                  <td className="num" data-label="So far">
                    {liveFigure(status)}
                  </td>
                  <td data-label="Standing">
                    <span className={`badge badge--${state.tone}`} data-testid="live-threshold-state">
                      {state.text}
                    </span>
                  </td>
                  <td
                    data-label="Stop rule"
                    data-testid="live-threshold-stop"
                    data-breaching={status.stop?.breachingSeconds}
                    data-stopped-at={status.stop?.stoppedAtSeconds ?? undefined}
                  >
                    {stop ?? <span className="muted">none</span>}
                  </td>
                  <td className="explanation">{status.explanation}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
