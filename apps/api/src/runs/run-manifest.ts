import { createHash } from 'node:crypto';
import type { PlanSpec, RunManifest } from '@loadline/shared';
import { API_VERSION } from '../config/version.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What a run is about to measure, recorded when it is created: the plan version and its hash
 * (two versions with the same spec hash alike), the custom script's hash, the target and the
 * addresses its name resolved to now, this API's version, the segments and the load. The
 * runners add their builds as their segments start (RunSegment.runner).
 */
export function runManifest(input: {
  planId: string;
  version: { version: number; spec: PlanSpec };
  target: { id: string; baseUrl: string; addresses: readonly string[] };
}): RunManifest {
  const { spec } = input.version;
  return {
    v: 1,
    plan: { id: input.planId, version: input.version.version, hash: sha256(JSON.stringify(spec)) },
    scriptHash: spec.script ? sha256(spec.script.source) : null,
    target: { id: input.target.id, baseUrl: input.target.baseUrl, addresses: [...input.target.addresses].slice(0, 64) },
    loadline: API_VERSION,
    segments: spec.segments,
    load: spec.scenarios.map((scenario) => ({
      scenario: scenario.name,
      ...(scenario.startTime ? { startTime: scenario.startTime } : {}),
      load: scenario.load as Record<string, unknown>,
    })),
  };
}
