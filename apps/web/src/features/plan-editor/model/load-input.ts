import type { LoadForm, StageForm } from './form-types';

/**
 * Reading typed numbers, and a scenario's load profile as the contract's input. Problems are
 * reported at the contract's paths ("scenarios.0.load.stages.1.target").
 */
export type Input = Record<string, unknown>;
export type Errors = Record<string, string>;
/** Reads a typed number; reports a problem at `path` and answers NaN when it is not one. */
export type NumberReader = (path: string, text: string) => number;

export const silentReader: NumberReader = (_path, text) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function numberReader(errors: Errors): NumberReader {
  return (path, text) => {
    const trimmed = text.trim();
    const value = trimmed === '' ? Number.NaN : Number(trimmed);
    if (!Number.isFinite(value) && !(path in errors)) errors[path] = 'Enter a number';
    return Number.isFinite(value) ? value : Number.NaN;
  };
}

const stages = (rows: readonly StageForm[], at: string, read: NumberReader) =>
  rows.map((stage, i) => ({ duration: stage.duration.trim(), target: read(`${at}.stages.${i}.target`, stage.target) }));

export function loadToInput(load: LoadForm, read: NumberReader = silentReader, at = 'load'): Input {
  const pool = () => ({
    preAllocatedVUs: read(`${at}.preAllocatedVUs`, load.preAllocatedVUs),
    ...(load.maxVUs.trim() !== '' ? { maxVUs: read(`${at}.maxVUs`, load.maxVUs) } : {}),
  });
  switch (load.executor) {
    case 'constant-vus':
      return { executor: 'constant-vus', vus: read(`${at}.vus`, load.vus), duration: load.duration.trim() };
    case 'ramping-vus':
      return {
        executor: 'ramping-vus',
        startVUs: read(`${at}.startVUs`, load.startVUs),
        stages: stages(load.vuStages, at, read),
        gracefulRampDown: load.gracefulRampDown.trim(),
      };
    case 'constant-arrival-rate':
      return {
        executor: 'constant-arrival-rate',
        rate: read(`${at}.rate`, load.rate),
        timeUnit: load.timeUnit.trim(),
        duration: load.duration.trim(),
        ...pool(),
      };
    case 'ramping-arrival-rate':
      return {
        executor: 'ramping-arrival-rate',
        startRate: read(`${at}.startRate`, load.startRate),
        timeUnit: load.timeUnit.trim(),
        stages: stages(load.rateStages, at, read),
        ...pool(),
      };
    case 'per-vu-iterations':
    case 'shared-iterations':
      return {
        executor: load.executor,
        vus: read(`${at}.vus`, load.vus),
        iterations: read(`${at}.iterations`, load.iterations),
        maxDuration: load.maxDuration.trim(),
      };
  }
}
