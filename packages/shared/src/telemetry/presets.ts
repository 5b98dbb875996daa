import type { TelemetryPreset } from './source.js';
import { containerRules, nodeRules, processRules } from './presets-host.js';
import type { PresetSeriesRule } from './presets-rule.js';
import { httpRules, postgresRules, queueRules, redisRules } from './presets-services.js';

export type { PresetSeriesRule } from './presets-rule.js';

/** Each preset's series, in the order they are kept (presets-host.ts, presets-services.ts). */
export const PRESET_RULES: Readonly<Record<TelemetryPreset, readonly PresetSeriesRule[]>> = {
  process: processRules,
  node: nodeRules,
  container: containerRules,
  postgres: postgresRules,
  redis: redisRules,
  queue: queueRules,
  http: httpRules,
};
