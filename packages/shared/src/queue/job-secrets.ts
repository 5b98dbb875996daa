import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { telemetryJobSecretsSchema } from '../telemetry/job.js';

/**
 * A run's target secrets (default headers and variables) travel to runners through Redis,
 * where they would sit, readable by anyone with access to Redis, until the run ends. So the
 * API seals them for runners with AES-256-GCM under LOADLINE_RUNNER_KEY, a key only the API
 * and the runners hold (not the installation's secret key: runners never get that), and
 * binds them to the run: a sealed value moved into another run's job does not open.
 */
export const jobSecretsSchema = z.object({
  headers: z.record(z.string(), z.string()),
  variables: z.record(z.string(), z.string()),
  /** Credentials of the run's metric sources, by source name (telemetry/job.ts). */
  telemetry: telemetryJobSecretsSchema.optional(),
});
export type JobSecrets = z.infer<typeof jobSecretsSchema>;

const VERSION = 'v1';

function keyOf(runnerKey: string): Buffer {
  if (runnerKey.length < 32) throw new Error('LOADLINE_RUNNER_KEY must be at least 32 characters');
  return Buffer.from(hkdfSync('sha256', runnerKey, 'loadline', 'run-job-secrets-v1', 32));
}

export function sealJobSecrets(runnerKey: string, runId: string, secrets: JobSecrets): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(runnerKey), iv);
  cipher.setAAD(Buffer.from(runId, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export class JobSecretsError extends Error {}

/** Throws JobSecretsError when the value was sealed under another key, for another run, or altered. */
export function openJobSecrets(runnerKey: string, runId: string, sealed: string): JobSecrets {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new JobSecretsError(`not sealed job secrets of version ${VERSION}`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(runnerKey), Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(runId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    return jobSecretsSchema.parse(JSON.parse(plain));
  } catch {
    throw new JobSecretsError("the target secrets of this job do not open with this runner's LOADLINE_RUNNER_KEY (is it the API's?)");
  }
}
