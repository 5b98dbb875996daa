import { describeThreshold, durationToSeconds, type PlanSpec, type PlanView, type Scenario } from '@loadline/shared';
import { formatSeconds } from '../../format/time';
import { ThresholdOrigin } from '../run-report';

type Load = Scenario['load'];

/** A weighted scenario sends one request per iteration; a sequence sends all of its requests. */
export function loadDescription(load: Load, flow: Scenario['flow'] = 'weighted'): string {
  const unit = flow === 'weighted' ? 'requests' : 'iterations';
  switch (load.executor) {
    case 'constant-vus':
      return `${load.vus} VU${load.vus === 1 ? '' : 's'} for ${load.duration}`;
    case 'ramping-vus':
      return `from ${load.startVUs} VUs: ${load.stages.map((stage) => `${stage.target} over ${stage.duration}`).join(', then ')}`;
    case 'constant-arrival-rate':
      return `${load.rate} ${unit} per ${load.timeUnit} for ${load.duration} (${vuPool(load)})`;
    case 'ramping-arrival-rate':
      return `from ${load.startRate} ${unit} per ${load.timeUnit}: ${load.stages.map((stage) => `${stage.target} over ${stage.duration}`).join(', then ')} (${vuPool(load)})`;
    case 'per-vu-iterations':
      return `${load.vus} VUs, ${load.iterations} iterations each (at most ${load.maxDuration})`;
    case 'shared-iterations':
      return `${load.iterations} iterations shared by ${load.vus} VUs (at most ${load.maxDuration})`;
  }
}

function vuPool(load: { preAllocatedVUs: number; maxVUs?: number }): string {
  return load.maxVUs !== undefined && load.maxVUs > load.preAllocatedVUs ? `${load.preAllocatedVUs}–${load.maxVUs} VUs` : `${load.preAllocatedVUs} VUs`;
}

/** One line for lists: the load of a one-scenario plan, the scenarios of several, or the script. */
export function planDescription(spec: PlanSpec): string {
  if (spec.script) {
    const needs = spec.script.requirements;
    return needs ? `custom k6 script, up to ${needs.maxVUs} VUs for ${formatSeconds(needs.durationSeconds)}` : 'custom k6 script';
  }
  if (spec.scenarios.length === 1) return loadDescription(spec.scenarios[0]!.load, spec.scenarios[0]!.flow);
  return `${spec.scenarios.length} scenarios: ${spec.scenarios.map((scenario) => scenario.name).join(', ')}`;
}

export function ScenariosTable({ spec }: { spec: PlanSpec }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table" data-testid="plan-scenarios">
        <caption className="sr-only">Scenarios of this plan</caption>
        <thead>
          <tr>
            <th scope="col">Scenario</th>
            <th scope="col">Load</th>
            <th scope="col">Starts</th>
            <th scope="col">Flow</th>
            <th scope="col" className="num">
              Requests
            </th>
          </tr>
        </thead>
        <tbody>
          {spec.scenarios.map((scenario) => (
            <tr key={scenario.name} data-testid={`plan-scenario-${scenario.name}`}>
              <th scope="row">{scenario.name}</th>
              <td>
                <span className="mono small">{scenario.load.executor}</span>
                <br />
                {loadDescription(scenario.load, scenario.flow)}
              </td>
              <td className="nowrap">
                {durationToSeconds(scenario.startTime) === 0 ? 'at once' : `after ${formatSeconds(durationToSeconds(scenario.startTime))}`}
              </td>
              <td>{scenario.flow === 'sequence' ? 'in order' : 'by weight'}</td>
              <td className="num">{scenario.requests.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PlanRequestsTable({ plan }: { plan: PlanView }) {
  const several = plan.spec.scenarios.length > 1;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table" data-testid="plan-requests">
        <caption className="sr-only">Requests of this plan</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {several ? <th scope="col">Scenario</th> : null}
            <th scope="col">Request</th>
            <th scope="col">Expected</th>
            <th scope="col" className="num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.spec.scenarios.flatMap((scenario) => {
            const totalWeight = scenario.requests.reduce((sum, request) => sum + request.weight, 0);
            return scenario.requests.map((request, index) => (
              <tr key={request.name} data-testid={`plan-request-${request.name}`}>
                <th scope="row">{request.name}</th>
                {several ? <td>{scenario.name}</td> : null}
                <td className="mono">
                  {request.protocol === 'http' ? (
                    <>
                      <span className="method">{request.method}</span> {request.path}
                      {request.body ? <span className="muted small"> + {request.body.type} body</span> : null}
                      {request.captures.length ? (
                        <span className="muted small"> → {request.captures.map((capture) => `{{${capture.name}}}`).join(' ')}</span>
                      ) : null}
                    </>
                  ) : request.protocol === 'ws' ? (
                    <>
                      <span className="method">WS</span> {request.path}
                      <span className="muted small"> · {request.messages.length} messages</span>
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
                  {request.protocol === 'http' && request.checks.length ? (
                    <span className="muted small">
                      {' '}
                      · {request.checks.length} check{request.checks.length === 1 ? '' : 's'}
                    </span>
                  ) : null}
                </td>
                <td className="num">
                  {scenario.flow === 'sequence' ? (
                    <span className="muted small">step {index + 1}</span>
                  ) : (
                    <>
                      {Math.round((request.weight / totalWeight) * 100)} %<span className="muted small"> (w {request.weight})</span>
                    </>
                  )}
                </td>
              </tr>
            ));
          })}
        </tbody>
      </table>
    </div>
  );
}

export function PlanThresholdsList({ spec }: { spec: PlanSpec }) {
  if (spec.thresholds.length === 0) return <p className="muted">No thresholds: runs of this plan get no verdict.</p>;
  return (
    <ul className="requirement-list" data-testid="plan-thresholds">
      {spec.thresholds.map((threshold, index) => (
        <li key={index} className="mono">
          {describeThreshold(threshold)}
          <ThresholdOrigin threshold={threshold} />
        </li>
      ))}
    </ul>
  );
}
