import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { followEvents, type EventStream } from '../test/sse.js';

/** How soon a live stream must end once the access that opened it is gone. */
const ENDS_WITHIN_MS = 5_000;

/**
 * A live stream (GET /runs/:id/events) is read access held open: it ends when the session or
 * key that opened it is revoked, or its member removed, as the next request would be refused.
 * No runner: the run stays QUEUED and its stream sends progress every second, never ending.
 */
describe('live streams end with the access that opened them', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let runId: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'liveaccess', runner: false });
    owner = (await stack.api.signup('live-owner')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    const plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
    runId = (await owner.post(`/plans/${plan.id}/runs`)).body.run.id;
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await stack?.close();
  });

  /** Opens a stream and waits for its first event. */
  async function open(token: string): Promise<EventStream> {
    const stream = followEvents(`${stack.api.base}/runs/${runId}/events`, token);
    streams.push(stream);
    for (let i = 0; i < 100 && stream.events.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.events.length).toBeGreaterThan(0);
    return stream;
  }

  /** Resolves with how long the stream took to end, or fails after ENDS_WITHIN_MS. */
  async function ended(stream: EventStream): Promise<number> {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the stream still runs ${ENDS_WITHIN_MS} ms later`)), ENDS_WITHIN_MS);
    });
    try {
      await Promise.race([stream.done, timeout]);
    } finally {
      clearTimeout(timer);
    }
    // Told why, rather than cut off.
    expect(stream.events.at(-1)!.event).toBe('access_ended');
    return Date.now() - started;
  }

  async function stillOpen(stream: EventStream): Promise<void> {
    const count = stream.events.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(stream.events.length).toBeGreaterThan(count);
  }

  async function person(label: string, role: 'VIEWER' | 'MEMBER') {
    const invite = await owner.post('/invites', { role });
    return stack.api.signup(label, invite.body.token);
  }

  it('ends when its session logs out or is revoked; another session of the same person goes on', async () => {
    const viewer = await person('live-logout', 'VIEWER');
    const second = await stack.api.login(viewer.email);
    const loggedOut = await open(viewer.client.token!);
    const revoked = await open(second.token!);
    const third = await stack.api.login(viewer.email);
    const kept = await open(third.token!);

    expect((await viewer.client.post('/auth/logout')).status).toBe(204);
    await ended(loggedOut);
    const sessions = (await third.get('/auth/sessions')).body.items as Array<{ id: string; current: boolean }>;
    const secondId = sessions.filter((session) => !session.current).map((session) => session.id);
    for (const id of secondId) expect((await third.delete(`/auth/sessions/${id}`)).status).toBe(204);
    await ended(revoked);
    await stillOpen(kept);
    expect(kept.events.at(-1)!.event).toBe('progress');
  });

  it('ends when its member is removed from the organization', async () => {
    const member = await person('live-removed', 'MEMBER');
    const stream = await open(member.client.token!);
    const bystander = await open(owner.token!);
    expect((await owner.delete(`/members/${member.session.user.id}`)).status).toBe(204);
    await ended(stream);
    await stillOpen(bystander);
  });

  it('ends when the API key that opened it is revoked, or the person at its root removed', async () => {
    const key = (await owner.post('/api-keys', { name: 'dashboard', role: 'VIEWER' })).body;
    const keyStream = await open(key.secret);
    expect((await owner.delete(`/api-keys/${key.key.id}`)).status).toBe(200);
    await ended(keyStream);

    const admin = await stack.api.signup('live-key-root', (await owner.post('/invites', { role: 'ADMIN' })).body.token);
    const adminKey = (await admin.client.post('/api-keys', { name: 'wallboard', role: 'VIEWER' })).body;
    const rooted = await open(adminKey.secret);
    expect((await owner.delete(`/members/${admin.session.user.id}`)).status).toBe(204);
    await ended(rooted);
  });

  it('ends when its session moves to another organization', async () => {
    const viewer = await person('live-switch', 'VIEWER');
    const stream = await open(viewer.client.token!);
    const other = await viewer.client.post('/organizations', { name: 'Elsewhere' });
    expect((await viewer.client.post('/auth/switch', { organizationId: other.body.id })).status).toBe(200);
    await ended(stream);
  });
});
