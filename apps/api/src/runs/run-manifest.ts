import { createHash } from 'node:crypto';
import type { PlanSpec, RunDataUse, RunManifest } from '@loadline/shared';
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
  /** The data sets read for the run (RunDataService.manifest). */
  data?: RunDataUse[];
}): RunManifest {
  const { spec } = input.version;
  // A plan without data sets hashes as it did before plans had them, so runs on either side of
  // the upgrade compare as the same plan.
  const { data, ...withoutData } = spec;
  const hashed = data.length ? spec : withoutData;
  return {
    v: 1,
    plan: { id: input.planId, version: input.version.version, hash: sha256(JSON.stringify(hashed)) },
    scriptHash: spec.script ? sha256(spec.script.source) : null,
    target: { id: input.target.id, baseUrl: input.target.baseUrl, addresses: [...input.target.addresses].slice(0, 64) },
    loadline: API_VERSION,
    segments: spec.segments,
    load: spec.scenarios.map((scenario) => ({
      scenario: scenario.name,
      ...(scenario.startTime ? { startTime: scenario.startTime } : {}),
      load: scenario.load as Record<string, unknown>,
    })),
    ...(input.data?.length ? { data: input.data, dataUsage: {} } : {}),
  };
}
