import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';

const DAY_MS = 86_400_000;

/** A public link that nobody set an expiry for still ends: 30 days by default, a year at most. */
describe('share links expire by default', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({ label: 'shareexpiry', runner: false });
    owner = (await stack.api.signup('share-expiry')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('gives a link without expiresInDays 30 days, refuses more than 365, and keeps the days asked for', async () => {
    const created = await owner.post(`/plans/${plan.id}/share-links`, {});
    expect(created.status).toBe(201);
    expect((Date.parse(created.body.share.expiresAt) - Date.now()) / DAY_MS).toBeCloseTo(30, 1);
    const year = await owner.post(`/plans/${plan.id}/share-links`, { expiresInDays: 365 });
    expect((Date.parse(year.body.share.expiresAt) - Date.now()) / DAY_MS).toBeCloseTo(365, 1);
    const tooLong = await owner.post(`/plans/${plan.id}/share-links`, { expiresInDays: 366 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details).toContainEqual(expect.objectContaining({ path: 'expiresInDays' }));
    expect((await owner.post(`/plans/${plan.id}/share-links`, { expiresInDays: null })).status).toBe(400);
  });

  it('ends a link with no stored expiry (made by an older release) a year after it was made', async () => {
    const created = (await owner.post(`/plans/${plan.id}/share-links`, {})).body;
    await stack.db.query(`UPDATE "ShareLink" SET "expiresAt" = NULL, "createdAt" = now() - interval '364 days' WHERE id = $1`, [created.share.id]);
    expect((await stack.api.get(`/public/reports/${created.token}`)).status).toBe(200);
    await stack.db.query(`UPDATE "ShareLink" SET "createdAt" = now() - interval '366 days' WHERE id = $1`, [created.share.id]);
    expect((await stack.api.get(`/public/reports/${created.token}`)).status).toBe(404);
  });
});
