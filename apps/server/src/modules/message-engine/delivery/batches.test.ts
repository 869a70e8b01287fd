import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { adminToken, makeGroup, makeUser } from '../../../../test/factories/identity.ts';
import { startHttpPeer } from '../../../../test/factories/channels.ts';
import { MESSAGE_ENGINE } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { rawRows } from '../../../platform/db/client.ts';
import { BATCH_SIZE } from './batches.ts';

const { t, prepared } = appPerFile(async (app) => adminToken(app));

const json = async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object): Promise<T> => {
  const response = await t.app.inject({
    method,
    url: `${MESSAGE_ENGINE}${path}`,
    headers: bearer(prepared()),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

type Receiver = { id: number; userId: string; state: string; attempts: number; lastError: string | null };

describe('delivery in batches', () => {
  it(
    'sends each receiver once; a refused receiver is retried alone, and a console retry moves only the ones named',
    { timeout: 60_000 },
    async () => {
      const people = await Promise.all(Array.from({ length: BATCH_SIZE + 10 }, () => makeUser(t)));
      const refused = new Set([people[3]!.id, people[BATCH_SIZE + 2]!.id]);
      let recovered = false;
      const hook = await startHttpPeer((request) => {
        const { receiver } = JSON.parse(request.body) as { receiver: { userId: string } };
        return refused.has(receiver.userId) && !recovered ? { status: 503, body: 'not now' } : { status: 200 };
      });
      try {
        const id = `batch-${randomUUID().slice(0, 8)}`;
        await json('POST', '/v1/channels', { type: 'webhook', id, name: id, settings: { url: `${hook.url}/hook` }, maxAttempts: 2 });
        await json('PATCH', `/v1/channels/${id}/state`);
        const group = await makeGroup(t, { userIds: people.map((person) => person.id) });
        const sent = await json<{ id: string }>('POST', '/common/notify', {
          title: 'Batch',
          channelIds: [id],
          to: { groupIds: [group.id] },
        });

        const jobs = await rawRows<{ n: number }>(
          t.database.db,
          sql`select count(distinct job_id)::int as n from message_receivers where message_id = ${sent.id}::uuid`,
        );
        expect(jobs).toEqual([{ n: 2 }]);
        const receivers = async () => (await json<{ list: Receiver[] }>('GET', `/v1/messages/${sent.id}/receivers?size=100`)).list;
        const failed = async () => (await receivers()).filter((row) => row.state === 'failed');
        await expect.poll(async () => (await failed()).length, { timeout: 30_000, interval: 200 }).toBe(2);
        const rows = await receivers();
        expect(rows.filter((row) => row.state === 'delivered')).toHaveLength(BATCH_SIZE + 8);
        expect(rows.filter((row) => row.state === 'delivered').every((row) => row.attempts === 1)).toBe(true);
        expect(await failed()).toEqual(
          expect.arrayContaining(
            [...refused].map((userId) => expect.objectContaining({ userId, attempts: 2, lastError: expect.stringMatching(/503/) })),
          ),
        );
        // Every receiver's key reached the peer; the refused ones twice (their attempts), the others once.
        const keys = hook.requests.map((request) => String(request.headers['idempotency-key']));
        expect(new Set(keys).size).toBe(BATCH_SIZE + 10);
        expect(keys).toHaveLength(BATCH_SIZE + 10 + 2);

        recovered = true;
        const [first, second] = await failed();
        expect(await json('POST', `/v1/messages/${sent.id}/receivers/retry`, { receiverIds: [first!.id] })).toEqual({ retried: 1 });
        await expect
          .poll(async () => (await receivers()).find((row) => row.id === first!.id), { timeout: 15_000, interval: 100 })
          .toMatchObject({
            state: 'delivered',
            attempts: 3,
          });
        expect((await receivers()).find((row) => row.id === second!.id)).toMatchObject({ state: 'failed', attempts: 2 });
        const logs = await json<{ attempt: number; outcome: string }[]>('GET', `/v1/messages/${sent.id}/receivers/${first!.id}/logs`);
        expect(logs.map((log) => [log.attempt, log.outcome])).toEqual([
          [1, 'failed'],
          [2, 'failed'],
          [3, 'succeeded'],
        ]);
        expect(hook.requests).toHaveLength(BATCH_SIZE + 10 + 3);
      } finally {
        await hook.close();
      }
    },
  );
});
