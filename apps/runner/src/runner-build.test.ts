import { describe, expect, it } from 'vitest';
import { k6VersionOf } from './runner-build.js';

describe('k6VersionOf', () => {
  it('reads the version k6 prints', () => {
    expect(k6VersionOf('k6 v1.8.1 (commit/devel, go1.24.4, linux/amd64)\nExtensions:\n  github.com/loadline/xk6-output v0.1.0, output\n')).toBe('v1.8.1');
    expect(k6VersionOf('k6 v1.9.0-rc.1 (go1.25, linux/arm64)')).toBe('v1.9.0-rc.1');
  });

  it('is null for anything else', () => {
    expect(k6VersionOf('bash: k6: command not found')).toBeNull();
  });
});
