import { describe, expect, it } from 'vitest';
import { JobSecretsError, openJobSecrets, sealJobSecrets } from './job-secrets.js';

const key = 'k'.repeat(40);
const secrets = { headers: { authorization: 'Bearer s3cr3t-token' }, variables: { apiKey: 'v4r14ble' } };

describe('job secrets', () => {
  it('opens for the same key and run, and carries nothing readable', () => {
    const sealed = sealJobSecrets(key, 'run-1', secrets);
    expect(sealed).not.toContain('s3cr3t');
    expect(Buffer.from(sealed.split(':')[3]!, 'base64').toString('latin1')).not.toContain('s3cr3t');
    expect(openJobSecrets(key, 'run-1', sealed)).toEqual(secrets);
  });

  it('refuses another key, another run, and an altered value', () => {
    const sealed = sealJobSecrets(key, 'run-1', secrets);
    expect(() => openJobSecrets('x'.repeat(40), 'run-1', sealed)).toThrow(JobSecretsError);
    expect(() => openJobSecrets(key, 'run-2', sealed)).toThrow(JobSecretsError);
    const parts = sealed.split(':');
    const data = Buffer.from(parts[3]!, 'base64');
    data[0] = data[0]! ^ 1;
    expect(() => openJobSecrets(key, 'run-1', [...parts.slice(0, 3), data.toString('base64')].join(':'))).toThrow(JobSecretsError);
    expect(() => sealJobSecrets('short', 'run-1', secrets)).toThrow(/at least 32/);
  });
});
