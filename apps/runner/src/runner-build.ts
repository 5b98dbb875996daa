import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { RunnerBuild } from '@loadline/shared';

/** The runner's own version, from its package.json (beside src/ and dist/ alike). */
const RUNNER_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** "k6 v1.8.1 (commit/…, go1.24, linux/amd64)" → "v1.8.1". */
export function k6VersionOf(output: string): string | null {
  return /\bk6 (v\d+\.\d+\.\d+[^\s]*)/.exec(output)?.[1] ?? null;
}

/**
 * What this runner tells each run it generates load for (the run's manifest): its k6's
 * version, read once at start from the binary itself (Loadline's trusted build, not tenant
 * code: no sandbox needed), its own version and its image. A k6 that cannot say is null: the
 * run still goes, and its missing k6 is reported by the run itself.
 */
export async function runnerBuild(k6Bin: string, image: string | undefined): Promise<RunnerBuild> {
  const k6 = await promisify(execFile)(k6Bin, ['version'], { timeout: 10_000, env: { PATH: process.env.PATH ?? '' } }).then(
    ({ stdout }) => k6VersionOf(stdout),
    () => null,
  );
  return { k6, loadline: RUNNER_VERSION, image: image ?? null };
}
