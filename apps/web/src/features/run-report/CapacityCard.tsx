import type { Capacity, CapacityPhase, Recovery } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { formatCount, formatMs, formatPercent, formatRps } from '../../format/numbers';

/** "Holds p95 < 500 ms up to 60 VUs / 1,100 RPS; degrades beyond." */
export function CapacityCard({ capacity }: { capacity: Capacity }) {
  return (
    <Card title="Capacity">
      <div data-testid="capacity">
        <p className="capacity__statement">{capacity.statement}</p>
        <dl className="facts facts--inline capacity__facts">
          <div>
            <dt>Held up to</dt>
            <dd>{capacity.heldUpTo ? `${formatCount(capacity.heldUpTo.vus)} VUs · ${formatRps(capacity.heldUpTo.rps)} req/s` : 'not even the first level'}</dd>
          </div>
          <div>
            <dt>Broke at</dt>
            <dd>
              {capacity.brokeAt ? (
                <>
                  {formatCount(capacity.brokeAt.vus)} VUs · {formatRps(capacity.brokeAt.rps)} req/s
                  <span className="muted small"> — {capacity.brokeAt.reason}</span>
                </>
              ) : (
                'held over the whole ramp'
              )}
            </dd>
          </div>
          <div>
            <dt>Criterion</dt>
            <dd className="mono">{capacity.criterion}</dd>
          </div>
        </dl>
        {capacity.phases?.length ? <PhasesTable phases={capacity.phases} criterion={capacity.criterion} /> : null}
      </div>
    </Card>
  );
}

/** Each phase of a phased plan, in order of load, and whether it held the criterion. */
function PhasesTable({ phases, criterion }: { phases: readonly CapacityPhase[]; criterion: string }) {
  const stat = criterion.split(' ')[0];
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--dense" data-testid="capacity-phases">
        <caption className="sr-only">Phases in order of load and whether each held {criterion}</caption>
        <thead>
          <tr>
            <th scope="col">Phase</th>
            <th scope="col" className="num">
              Load
            </th>
            <th scope="col" className="num">
              req/s
            </th>
            <th scope="col" className="num">
              Requests
            </th>
            <th scope="col" className="num">
              {stat} (ms)
            </th>
            <th scope="col" className="num">
              Error %
            </th>
            <th scope="col">Held</th>
          </tr>
        </thead>
        <tbody>
          {phases.map((phase) => (
            <tr key={phase.name} data-testid={`capacity-phase-${phase.name}`} data-holds={String(phase.holds)}>
              <th scope="row">{phase.name}</th>
              <td className="num">{phase.offeredRate !== undefined ? `${formatRps(phase.offeredRate)} it/s` : `${formatCount(phase.vus)} VUs`}</td>
              <td className="num">{formatRps(phase.rps)}</td>
              <td className="num">{formatCount(phase.requests)}</td>
              <td className="num">{formatMs(phase.latency)}</td>
              <td className="num">{phase.errorRate === null ? '—' : formatPercent(phase.errorRate)}</td>
              <td>
                {phase.holds === null ? (
                  <span className="muted">too few requests</span>
                ) : phase.holds ? (
                  'yes'
                ) : (
                  <span className="text-danger">no — {phase.reason}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Recovered 2 s after the load fell back" or "Did not recover within the run". */
export function RecoveryCard({ recovery }: { recovery: Recovery }) {
  return (
    <Card title="Recovery after the spike">
      <div data-testid="recovery" data-recovered={String(recovery.recoveredAfter !== null)}>
        <p className={recovery.recoveredAfter === null ? 'text-danger' : undefined}>{recovery.statement}</p>
        <dl className="facts facts--inline">
          <div>
            <dt>Before the spike</dt>
            <dd>
              p95 {formatMs(recovery.preSpike.p95)} ms · errors {formatPercent(recovery.preSpike.errorRate)} · {formatCount(recovery.preSpike.requests)}{' '}
              requests
            </dd>
          </div>
          <div>
            <dt>Recovered</dt>
            <dd>{recovery.recoveredAfter === null ? 'not within the run' : `${recovery.recoveredAfter} s after the load fell back`}</dd>
          </div>
          <div>
            <dt>Margin</dt>
            <dd className="small">{recovery.margin}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
