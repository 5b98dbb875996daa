export { startRunner, type RunningRunner } from './runner.js';
export { parseRunnerEnv, runnerEnvSchema, type RunnerEnv } from './env.js';
