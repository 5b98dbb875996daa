import type { Diagnostic, DiagnosticCode } from './diagnostics-schema.js';
import { statusKey } from './request-status.js';
import type { SecondSample } from './series.js';
import type { Threshold } from './threshold.js';

/**
 * The scopes a run's figures are judged at (the run, one request name, one scenario) and
 * which diagnostic touches which figure. A figure is made of requests; a diagnostic about
 * answers (429s, 401/403/404, no response) is judged on exactly those requests, so a rate
 * limiter on one endpoint neither spoils an unrelated endpoint's verdict nor hides behind
 * the reads that dominate the run.
 */

export interface ScopeTally {
  /** Requests in this scope. */
  count: number;
  /** Status key (as statusCounts keys it) → requests with that status the plan did not expect. */
  unexpected: Map<string, number>;
}

export interface ScenarioTally extends ScopeTally {
  requestNames: Set<string>;
  iterations: number;
  droppedIterations: number;
}

export interface ScopeIndex {
  run: ScopeTally;
  requests: Map<string, ScopeTally & { scenarios: Set<string> }>;
  scenarios: Map<string, ScenarioTally>;
  /** Whether iterations are known per scenario for a run of several scenarios. */
  loadPerScenario: boolean;
}

/** A run-wide scope is `{}`; otherwise one request name or one scenario. */
export type Scope = { request: string; scenario?: undefined } | { scenario: string; request?: undefined } | { request?: undefined; scenario?: undefined };

const newTally = (): ScopeTally => ({ count: 0, unexpected: new Map() });

function countInto(tally: ScopeTally, key: string, count: number, expected: boolean): void {
  tally.count += count;
  if (!expected) tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + count);
}

/** Tallies every scope of a run from its (merged) seconds. */
export function indexScopes(seconds: readonly SecondSample[]): ScopeIndex {
  const index: ScopeIndex = { run: newTally(), requests: new Map(), scenarios: new Map(), loadPerScenario: false };
  const scenario = (name: string): ScenarioTally => {
    let tally = index.scenarios.get(name);
    if (!tally) index.scenarios.set(name, (tally = { ...newTally(), requestNames: new Set(), iterations: 0, droppedIterations: 0 }));
    return tally;
  };
  let iterationsPerScenario = false;
  for (const second of seconds) {
    for (const row of second.requests) {
      const key = statusKey(row);
      let request = index.requests.get(row.name);
      if (!request) index.requests.set(row.name, (request = { ...newTally(), scenarios: new Set() }));
      request.scenarios.add(row.scenario);
      const inScenario = scenario(row.scenario);
      inScenario.requestNames.add(row.name);
      for (const tally of [index.run, request, inScenario]) countInto(tally, key, row.count, row.expected);
    }
    for (const counts of second.scenarioIterations ?? []) {
      iterationsPerScenario = true;
      const tally = scenario(counts.name);
      tally.iterations += counts.iterations;
      tally.droppedIterations += counts.droppedIterations;
    }
  }
  index.loadPerScenario = iterationsPerScenario && index.scenarios.size > 1;
  return index;
}

/**
 * The broadest scope with the same requests: a request or scenario that is the whole run is
 * the run; a scenario of one request name that only it sends is that request. Diagnostics
 * are raised once per canonical scope, and thresholds look them up by it.
 */
export function canonicalScope(index: ScopeIndex, scope: Scope): Scope {
  if (scope.request !== undefined) {
    const request = index.requests.get(scope.request);
    return request && request.count === index.run.count ? {} : { request: scope.request };
  }
  if (scope.scenario !== undefined) {
    const scenario = index.scenarios.get(scope.scenario);
    if (!scenario) return { scenario: scope.scenario };
    if (scenario.count === index.run.count) return {};
    const [only] = scenario.requestNames;
    if (scenario.requestNames.size === 1 && index.requests.get(only!)?.count === scenario.count) return canonicalScope(index, { request: only! });
    return { scenario: scope.scenario };
  }
  return {};
}

/** Every canonical scope with requests: the run, then request names, then scenarios. */
export function canonicalScopes(index: ScopeIndex): Array<{ scope: Scope; tally: ScopeTally }> {
  const scopes: Array<{ scope: Scope; tally: ScopeTally }> = [{ scope: {}, tally: index.run }];
  for (const [name, tally] of index.requests) {
    if (canonicalScope(index, { request: name }).request === name) scopes.push({ scope: { request: name }, tally });
  }
  for (const [name, tally] of index.scenarios) {
    if (tally.count > 0 && canonicalScope(index, { scenario: name }).scenario === name) scopes.push({ scope: { scenario: name }, tally });
  }
  return scopes;
}

const sameScope = (a: Scope, b: Scope) => a.request === b.request && a.scenario === b.scenario;

/** Diagnostics about the answers a scope's requests got: judged on exactly the figure's requests. */
const ANSWER_CODES: ReadonlySet<DiagnosticCode> = new Set(['RATE_LIMITED', 'CONFIGURATION_ERRORS', 'CONNECTION_ERRORS']);
/** Diagnostics about the load k6 delivered: per scenario where k6 says which scenario fell short. */
const LOAD_CODES: ReadonlySet<DiagnosticCode> = new Set(['DROPPED_ITERATIONS', 'ARRIVAL_RATE_SHORTFALL']);

function thresholdScope(threshold: Threshold): Scope {
  if (threshold.request) return { request: threshold.request };
  if (threshold.scenario) return { scenario: threshold.scenario };
  return {};
}

/** The request names a scope's figure is made of. */
function namesOf(index: ScopeIndex, scope: Scope): Set<string> {
  if (scope.request !== undefined) return new Set([scope.request]);
  if (scope.scenario !== undefined) return index.scenarios.get(scope.scenario)?.requestNames ?? new Set();
  return new Set(index.requests.keys());
}

/**
 * Whether a diagnostic touches the requests a threshold's figure is made of:
 * - about answers: only a diagnostic raised on that very scope;
 * - about delivered load: a scenario's, for figures made only of that scenario's requests;
 *   the run's, for run-wide figures (and for all of them when the run cannot tell
 *   scenarios apart);
 * - about the generator (saturation, start skew): every figure.
 */
export function touches(index: ScopeIndex, diagnostic: Diagnostic, threshold: Threshold, thresholdIndex: number): boolean {
  if (diagnostic.thresholdIndex !== undefined) return diagnostic.thresholdIndex === thresholdIndex;
  const scope = canonicalScope(index, thresholdScope(threshold));
  const diagnosticScope: Scope =
    diagnostic.request !== undefined ? { request: diagnostic.request } : diagnostic.scenario !== undefined ? { scenario: diagnostic.scenario } : {};
  if (ANSWER_CODES.has(diagnostic.code)) return sameScope(scope, diagnosticScope);
  if (LOAD_CODES.has(diagnostic.code)) {
    if (diagnostic.scenario !== undefined) {
      const touched = namesOf(index, diagnosticScope);
      const figure = namesOf(index, scope);
      return figure.size > 0 && [...figure].every((name) => touched.has(name));
    }
    return !index.loadPerScenario || sameScope(scope, {});
  }
  return true;
}
