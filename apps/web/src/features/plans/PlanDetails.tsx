import { describeThreshold, peakArrivalRate, peakVus, plannedDurationSeconds, type PlanView } from '@loadline/shared';
import { formatRps } from '../../format/numbers';
import { formatSeconds } from '../../format/time';

type Load = PlanView['spec']['scenarios'][number]['load'];

export function loadDescription(load: Load): string {
  switch (load.executor) {
    case 'constant-vus':
      return `${load.vus} VU${load.vus === 1 ? '' : 's'} for ${load.duration}`;
    case 'ramping-vus':
      return `from ${load.startVUs} VUs: ${load.stages.map((stage) => `${stage.target} over ${stage.duration}`).join(', then ')}`;
    case 'constant-arrival-rate':
      return `${load.rate} requests per ${load.timeUnit} for ${load.duration} (${vuPool(load)})`;
    case 'ramping-arrival-rate':
      return `from ${load.startRate} per ${load.timeUnit}: ${load.stages
        .map((stage) => `${stage.target} over ${stage.duration}`)
        .join(', then ')} (${vuPool(load)})`;
    case 'per-vu-iterations':
      return `${load.vus} VUs, ${load.iterations} iterations each (at most ${load.maxDuration})`;
    case 'shared-iterations':
      return `${load.iterations} iterations shared by ${load.vus} VUs (at most ${load.maxDuration})`;
  }
}

function vuPool(load: { preAllocatedVUs: number; maxVUs?: number }): string {
  return load.maxVUs !== undefined && load.maxVUs > load.preAllocatedVUs
    ? `${load.preAllocatedVUs}–${load.maxVUs} VUs`
    : `${load.preAllocatedVUs} VUs`;
}

export function LoadFacts({ plan }: { plan: PlanView }) {
  const { load } = plan.spec.scenarios[0]!;
  const rate = peakArrivalRate(load);
  return (
    <dl className="facts facts--inline">
      <div>
        <dt>Executor</dt>
        <dd className="mono">{load.executor}</dd>
      </div>
      <div>
        <dt>Profile</dt>
        <dd>{loadDescription(load)}</dd>
      </div>
      <div>
        <dt>Planned duration</dt>
        <dd>{formatSeconds(plannedDurationSeconds(load))}</dd>
      </div>
      <div>
        <dt>{rate === null ? 'Peak VUs' : 'Max VUs'}</dt>
        <dd>{peakVus(load)}</dd>
      </div>
      {rate !== null ? (
        <div>
          <dt>Peak rate</dt>
          <dd>{formatRps(rate)} req/s</dd>
        </div>
      ) : null}
      <div>
        <dt>Segments</dt>
        <dd>{plan.spec.segments}</dd>
      </div>
    </dl>
  );
}

export function PlanRequestsTable({ plan }: { plan: PlanView }) {
  const requests = plan.spec.scenarios.flatMap((scenario) => scenario.requests);
  const totalWeight = requests.reduce((sum, request) => sum + request.weight, 0);
  return (
    <div className="table-wrap">
      <table className="table" data-testid="plan-requests">
        <caption className="sr-only">Requests of this plan</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Request</th>
            <th scope="col">Expected</th>
            <th scope="col" className="num">Share</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.name}>
              <th scope="row">{request.name}</th>
              <td className="mono">
                {request.protocol === 'http' ? (
                  <>
                    <span className="method">{request.method}</span> {request.path}
                    {request.body ? <span className="muted small"> + body</span> : null}
                  </>
                ) : request.protocol === 'ws' ? (
                  <>
                    <span className="method">WS</span> {request.path}
                  </>
                ) : (
                  <>
                    <span className="method">gRPC</span> {request.method}
                  </>
                )}
              </td>
              <td>
                {request.protocol === 'http' && request.expect ? (
                  request.expect.status.join(', ')
                ) : request.protocol === 'grpc' ? (
                  request.expectCodes.join(', ')
                ) : (
                  <span className="muted">{request.protocol === 'http' ? '2xx/3xx' : 'connected'}</span>
                )}
              </td>
              <td className="num">
                {Math.round((request.weight / totalWeight) * 100)} %
                <span className="muted small"> (w {request.weight})</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PlanThresholdsList({ plan }: { plan: PlanView }) {
  if (plan.spec.thresholds.length === 0) {
    return <p className="muted">No thresholds: runs of this plan get no verdict.</p>;
  }
  return (
    <ul className="requirement-list" data-testid="plan-thresholds">
      {plan.spec.thresholds.map((threshold, index) => (
        <li key={index} className="mono">
          {describeThreshold(threshold)}
        </li>
      ))}
    </ul>
  );
}
