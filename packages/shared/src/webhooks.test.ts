import { describe, expect, it } from 'vitest';
import { createWebhookSchema } from './webhooks.js';

describe('createWebhookSchema', () => {
  it('refuses a URL it cannot parse with an issue instead of throwing (the API must answer 400, not 500)', () => {
    const parsed = createWebhookSchema.safeParse({ url: 'hooks.example.com', events: ['run.finished'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['url']);
  });

  it('still refuses other schemes and credentials', () => {
    expect(createWebhookSchema.safeParse({ url: 'ftp://hooks.example.com/x', events: ['run.finished'] }).error?.issues[0]?.message).toBe(
      'must be an http:// or https:// URL',
    );
    expect(createWebhookSchema.safeParse({ url: 'https://u:p@hooks.example.com/x', events: ['run.finished'] }).error?.issues[0]?.message).toBe(
      'must not carry credentials',
    );
    expect(createWebhookSchema.safeParse({ url: 'https://hooks.example.com/x', events: ['run.finished'] }).success).toBe(true);
  });
});
