import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';

describe('API keys: secret once, hashed, role-bound, last use, revocation', () => {
  let stack: TestStack;
  let people: OrgPeople;

  beforeAll(async () => {
    stack = await startStack({ label: 'apikeys', runner: false });
    people = await organizationWithEveryRole(stack.api, 'keys');
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('shows the secret once, stores only its hash, and acts with the key role', async () => {
    const created = await people.ADMIN.client.post('/api-keys', { name: 'ci', role: 'VIEWER' });
    expect(created.status).toBe(201);
    const { key, secret } = created.body;
    expect(secret).toMatch(/^llk_/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix.length).toBeLessThan(16);
    expect(key.createdBy).toBe(people.ADMIN.email);

    const listed = await people.ADMIN.client.get('/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const rows = await stack.db.query('SELECT * FROM "ApiKey"');
    expect(JSON.stringify(rows)).not.toContain(secret);

    const viaKey = stack.api.as(secret);
    expect((await viaKey.get('/targets')).status).toBe(200);
    const write = await viaKey.post('/targets', { name: 'nope', baseUrl: 'http://127.0.0.1:9/' });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('FORBIDDEN');
    const me = (await viaKey.get('/me')).body;
    expect(me).toMatchObject({ via: 'apiKey', role: 'VIEWER', user: null, tenant: { id: people.OWNER.session.tenant.id } });

    const after = (await people.ADMIN.client.get('/api-keys')).body.items.find((item: { id: string }) => item.id === key.id);
    expect(after.lastUsedAt).not.toBeNull();
  });

  it('answers 401 API_KEY_REVOKED from the moment a key is revoked', async () => {
    const { key, secret } = (await people.OWNER.client.post('/api-keys', { name: 'deploy bot', role: 'MEMBER' })).body;
    const viaKey = stack.api.as(secret);
    expect((await viaKey.get('/plans')).status).toBe(200);
    const revoked = await people.OWNER.client.delete(`/api-keys/${key.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const after = await viaKey.get('/plans');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('API_KEY_REVOKED');
  });

  it('answers 401 API_KEY_EXPIRED for an expired key', async () => {
    const { key, secret } = (await people.OWNER.client.post('/api-keys', { name: 'short-lived', role: 'VIEWER', expiresInDays: 1 })).body;
    expect(key.expiresAt).not.toBeNull();
    await stack.db.query(`UPDATE "ApiKey" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [key.id]);
    const response = await stack.api.as(secret).get('/targets');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('API_KEY_EXPIRED');
  });

  it('never grants more than the creator holds, and names unknown roles', async () => {
    const owner = await people.ADMIN.client.post('/api-keys', { name: 'too strong', role: 'OWNER' });
    expect(owner.status).toBe(403);
    expect(owner.body.error.code).toBe('ROLE_NOT_GRANTABLE');
    const unknown = await people.OWNER.client.post('/api-keys', { name: 'x', role: 'SUPERUSER' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('UNKNOWN_ROLE');
    expect(unknown.body.error.details[0].path).toBe('role');
    const count = Number((await stack.db.query<{ n: string }>(`SELECT count(*) AS n FROM "ApiKey" WHERE name IN ('too strong', 'x')`))[0]!.n);
    expect(count).toBe(0);
  });

  it('audits key creation and revocation with the actor', async () => {
    const events = (await people.OWNER.client.get('/audit?limit=100')).body.events;
    const created = events.find((event: { action: string; details: { name?: string } }) => event.action === 'api_key.created' && event.details.name === 'ci');
    expect(created.actor).toMatchObject({ type: 'user', label: people.ADMIN.email });
    expect(created.ip).toBeTruthy();
    expect(events.some((event: { action: string }) => event.action === 'api_key.revoked')).toBe(true);
  });
});
