import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('the generated API types', () => {
  it('are what apps/api/openapi.json generates (else: pnpm openapi)', () => {
    // Throws with the script's message when the committed types are stale.
    const output = execFileSync(process.execPath, ['scripts/generate-api-types.mjs', '--check'], { cwd: webRoot, encoding: 'utf8' });
    expect(output).toMatch(/match the OpenAPI document/);
  });
});
