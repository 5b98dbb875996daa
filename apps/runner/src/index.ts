export { startRunner, type RunningRunner } from './runner.js';
export { DEFAULT_K6_BIN, parseRunnerEnv, runnerEnvSchema, type RunnerEnv } from './env.js';
