import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { adminToken, auditOf, makeGroup, makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { channelRow, MESSAGE_ENGINE, messageCounts, setContacts } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { startHttpPeer } from '../../../../test/factories/channels.ts';
import { rawRows } from '../../../platform/db/client.ts';
import { messageClassifications, messagePreferences } from '../tables.ts';

const { t, prepared } = appPerFile(async (app) => adminToken(app));

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, token = prepared()) =>
  t.app.inject({ method, url: `${MESSAGE_ENGINE}${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const json = async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object): Promise<T> => {
  const response = await call(method, path, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

async function classification() {
  const code = `c-${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db.insert(messageClassifications).values({ code, name: code }).returning();
  return row!;
}

describe('message records', () => {
  it('records an in-app send: delivered at once, with what was named and whom it reached', async () => {
    const [ann, bob] = [await makeUser(t), await makeUser(t)];
    const group = await makeGroup(t, { userIds: [ann.id, bob.id] });
    const sent = await json<{ id: string; recipients: number; replayed: boolean }>('POST', '/common/notify', {
      title: 'Fire drill',
      content: 'At noon',
      to: { userIds: [ann.id], groupIds: [group.id] },
    });
    expect(sent).toMatchObject({ recipients: 2, replayed: false });

    const page = await json<{ list: { id: string; counts: object; channelIds: string[] }[] }>(
      'GET',
      '/messages/v1/messages?keyword=Fire%20drill',
    );
    expect(page.list).toEqual([
      expect.objectContaining({
        id: sent.id,
        channelIds: ['inApp'],
        counts: { total: 2, pending: 0, delivered: 2, failed: 0, skipped: 0 },
      }),
    ]);
    const detail = await json<{ contents: object[] }>('GET', `/v1/messages/${sent.id}`);
    expect(detail.contents).toEqual([
      expect.objectContaining({ channelId: 'inApp', subject: 'Fire drill', body: 'At noon', format: 'text' }),
    ]);
    expect(await json('GET', `/v1/messages/${sent.id}/receivers/objectType`)).toEqual(
      expect.arrayContaining([
        { objectType: 'user', objectId: ann.id, name: ann.name, reached: 1 },
        { objectType: 'group', objectId: group.id, name: expect.any(String), reached: 2 },
      ]),
    );
    const receivers = await json<{ total: number; list: { state: string; deliveredAt: string | null }[] }>(
      'GET',
      `/v1/messages/${sent.id}/receivers`,
    );
    expect(receivers.total).toBe(2);
    expect(receivers.list.every((row) => row.state === 'delivered' && row.deliveredAt !== null)).toBe(true);
    expect(await json('GET', `/v1/messages/${sent.id}/receivers/channel`)).toEqual([
      { channelId: 'inApp', channelName: 'In-app', counts: { total: 2, pending: 0, delivered: 2, failed: 0, skipped: 0 } },
    ]);
  });

  it('skips the people without an address and those who muted the classification, and queues the others for delivery', async () => {
    const email = await channelRow(t, {
      type: 'email',
      settings: { host: '127.0.0.1', port: 9, security: 'none', from: 'portal@example.test' },
    });
    const topic = await classification();
    const [withMail, withoutMail, muting] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    await setContacts(t, withMail.id, { email: `${withMail.username}@example.test` });
    await setContacts(t, muting.id, { email: `${muting.username}@example.test` });
    await t.database.db.insert(messagePreferences).values({ userId: muting.id, classificationId: topic.id, channelType: 'email' });

    const sent = await json<{ id: string }>('POST', '/common/notify', {
      title: 'Invoice',
      content: 'Due',
      channelIds: ['inApp', email.id],
      classificationId: topic.id,
      to: { userIds: [withMail.id, withoutMail.id, muting.id] },
    });
    const people = await json<{ list: { userName: string; channels: { channelId: string; state: string }[] }[] }>(
      'GET',
      `/v1/messages/${sent.id}/receivers/list`,
    );
    const stateOf = (user: { name: string }, channelId: string) =>
      people.list.find((person) => person.userName === user.name)?.channels.find((channel) => channel.channelId === channelId)?.state;
    expect(stateOf(withoutMail, email.id)).toBe('skipped');
    expect(stateOf(muting, email.id)).toBe('skipped');
    expect(stateOf(muting, 'inApp')).toBe('delivered');
    expect(['pending', 'failed', 'delivered']).toContain(stateOf(withMail, email.id));
    const skipped = await json<{ list: { skipReason: string; userName: string }[] }>(
      'GET',
      `/v1/messages/${sent.id}/receivers?state=skipped`,
    );
    expect(skipped.list.map((row) => [row.userName, row.skipReason]).sort()).toEqual(
      [
        [muting.name, 'muted'],
        [withoutMail.name, 'noAddress'],
      ].sort(),
    );
    const queued = await rawRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from message_receivers where message_id = ${sent.id} and job_id is not null`,
    );
    expect(queued).toEqual([{ n: 1 }]);
  });

  it('sends once for the same idempotency key from the same sender', async () => {
    const user = await makeUser(t);
    const body = { title: 'Once', content: '', to: { userIds: [user.id] }, idempotencyKey: `key-${randomUUID()}` };
    const first = await json<{ id: string; replayed: boolean }>('POST', '/common/notify', body);
    const before = await messageCounts(t);
    const again = await json<{ id: string; replayed: boolean }>('POST', '/common/notify', body);
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect(first.replayed).toBe(false);
    expect(await messageCounts(t)).toEqual(before);
  });

  it('refuses a disabled or unknown channel (409, 404) and writes nothing', async () => {
    const user = await makeUser(t);
    const disabled = await channelRow(t, { type: 'webhook', state: 'disabled', settings: { url: 'http://127.0.0.1:9/hook' } });
    const before = await messageCounts(t);
    const to = { userIds: [user.id] };
    expect((await call('POST', '/common/notify', { title: 'x', channelIds: [disabled.id], to })).statusCode).toBe(409);
    expect((await call('POST', '/common/notify', { title: 'x', channelIds: ['no-such-channel'], to })).statusCode).toBe(404);
    expect(await messageCounts(t)).toEqual(before);
  });

  it(
    'retries a failing provider with backoff and logs every attempt; once it recovers, a retry from the console delivers',
    { timeout: 60_000 },
    async () => {
      let up = false;
      const receiver = await startHttpPeer(() => (up ? { status: 200 } : { status: 503, body: 'receiver down for maintenance' }));
      try {
        const id = `flaky-${randomUUID().slice(0, 8)}`;
        await json('POST', '/v1/channels', { type: 'webhook', id, name: id, settings: { url: `${receiver.url}/hook` }, maxAttempts: 3 });
        await json('PATCH', `/v1/channels/${id}/state`);
        const user = await makeUser(t);
        const sent = await json<{ id: string }>('POST', '/common/notify', { title: 'Hook', channelIds: [id], to: { userIds: [user.id] } });
        const receiverRow = async () =>
          (
            await json<{ list: { id: number; state: string; attempts: number; lastError: string | null }[] }>(
              'GET',
              `/v1/messages/${sent.id}/receivers`,
            )
          ).list[0]!;
        await expect.poll(receiverRow, { timeout: 30_000, interval: 200 }).toMatchObject({ state: 'failed', attempts: 3 });
        const row = await receiverRow();
        expect(row.lastError).toMatch(/503/);
        type Attempt = { attempt: number; startedAt: string; finishedAt: string; outcome: string; error: string | null };
        const logs = await json<Attempt[]>('GET', `/v1/messages/${sent.id}/receivers/${row.id}/logs`);
        expect(logs.map((log) => [log.attempt, log.outcome])).toEqual([
          [1, 'failed'],
          [2, 'failed'],
          [3, 'failed'],
        ]);
        // Backed off: at least half of 1 s, then half of 2 s, between the attempts.
        const gap = (n: number) => Date.parse(logs[n]!.startedAt) - Date.parse(logs[n - 1]!.finishedAt);
        expect(gap(1)).toBeGreaterThanOrEqual(450);
        expect(gap(2)).toBeGreaterThanOrEqual(950);

        up = true;
        expect(await json('POST', `/v1/messages/${sent.id}/receivers/retry`, { allFailed: true })).toEqual({ retried: 1 });
        await expect.poll(receiverRow, { timeout: 15_000, interval: 100 }).toMatchObject({ state: 'delivered', attempts: 4 });
        const after = await json<Attempt[]>('GET', `/v1/messages/${sent.id}/receivers/${row.id}/logs`);
        expect(after.at(-1)).toMatchObject({ attempt: 4, outcome: 'succeeded', error: null });
        // One delivery, one key: every attempt carried the same Idempotency-Key.
        const keys = receiver.requests.map((request) => request.headers['idempotency-key']);
        expect(keys).toEqual(Array.from({ length: 4 }, () => `${sent.id}.${row.id}`));
        expect(await json('POST', `/v1/messages/${sent.id}/receivers/retry`, { receiverIds: [row.id] })).toEqual({ retried: 0 });
        expect((await auditOf(t, 'messages.retry', sent.id)).length).toBe(2);
        expect((await call('GET', `/v1/messages/${sent.id}/receivers/999999999/logs`)).statusCode).toBe(404);
      } finally {
        await receiver.close();
      }
    },
  );

  it('answers 404 for an unknown message and 403 without the records point', async () => {
    const unknown = randomUUID();
    for (const path of [`/v1/messages/${unknown}`, `/v1/messages/${unknown}/receivers`, `/v1/messages/${unknown}/receivers/channel`]) {
      expect((await call('GET', path)).statusCode).toBe(404);
    }
    const outsider = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['messageCenter:sendMessage:send'] })).id] });
    const token = await tokenOf(t, outsider);
    expect((await call('GET', '/messages/v1/messages', undefined, token)).statusCode).toBe(403);
    expect((await call('POST', `/v1/messages/${unknown}/receivers/retry`, { allFailed: true }, token)).statusCode).toBe(403);
  });
});
