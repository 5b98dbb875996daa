import type { ApiClient } from './api.js';
import type { Config } from './config.js';

/** Everything a command touches outside itself, so tests can run commands in-process. */
export interface Io {
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Progress rewrites one line on a terminal, and prints a line now and then in CI logs. */
  stderrIsTTY: boolean;
  cwd: string;
  now(): number;
  sleep(ms: number): Promise<void>;
  fetch?: typeof fetch;
  /** How often `run --wait` asks about the run (2 s). */
  pollIntervalMs?: number;
}

export interface Context {
  io: Io;
  config: Config;
  client: ApiClient;
}
