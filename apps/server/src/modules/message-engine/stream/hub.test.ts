import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../../test/factories/identity.ts';
import { send } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { INSIDE_MESSAGE_TOPIC } from '../context.ts';
import { createStreamHub, type StreamClient } from './hub.ts';
import { KEEP_ALIVE_FRAME } from './sse.ts';

/** The hub on the real database and event bus, with recording clients in place of HTTP responses. */
const { t } = appPerFile(async () => undefined);

function recordingClient(userId: string, valid = true) {
  const chunks: string[] = [];
  const client: StreamClient & { chunks: string[]; ended: boolean } = {
    userId,
    chunks,
    ended: false,
    write: (chunk) => void chunks.push(chunk),
    end: () => void (client.ended = true),
    stillValid: async () => valid,
  };
  return client;
}

const hubOf = (heartbeatMs?: number) =>
  createStreamHub({
    db: t.database.db,
    people: t.app.modules.permission.people,
    events: t.events,
    log: t.app.log,
    ...(heartbeatMs ? { heartbeatMs } : {}),
  });
const events = (client: { chunks: string[] }) => client.chunks.filter((chunk) => chunk.startsWith('event: inside-message\n'));

describe('the stream hub', () => {
  it('pushes each message to the connected recipients only, and forgets a removed client', async () => {
    const hub = hubOf();
    try {
      const [alice, bob] = [await makeUser(t), await makeUser(t)];
      const [aliceTab, bobTab, leftTab] = [recordingClient(alice.id), recordingClient(bob.id), recordingClient(alice.id)];
      hub.add(aliceTab);
      hub.add(bobTab);
      const removeLeft = hub.add(leftTab);
      expect(hub.size).toBe(3);
      expect([hub.openFor(alice.id), hub.openFor(bob.id)]).toEqual([2, 1]);
      removeLeft();
      removeLeft();
      expect(hub.size).toBe(2);
      expect(hub.openFor(alice.id)).toBe(1);

      const sent = await send(t, { userIds: [alice.id] });
      await vi.waitFor(() => expect(events(aliceTab)).toHaveLength(1));
      const frame = events(aliceTab)[0] ?? '';
      expect(frame.endsWith('\n\n')).toBe(true);
      expect(JSON.parse(frame.split('\ndata: ')[1] ?? '')).toMatchObject({ unread: 1, message: { id: sent.id, state: 'unread' } });
      expect(events(bobTab)).toEqual([]);
      expect(leftTab.chunks).toEqual([]);
    } finally {
      hub.close();
    }
  });

  it('ignores malformed events and messages that do not exist', async () => {
    const hub = hubOf();
    try {
      const user = await makeUser(t);
      const client = recordingClient(user.id);
      hub.add(client);
      await t.events.publish(INSIDE_MESSAGE_TOPIC, 'not json');
      await t.events.publish(INSIDE_MESSAGE_TOPIC, JSON.stringify({ messageId: crypto.randomUUID() }));
      const sent = await send(t, { userIds: [user.id] });
      await vi.waitFor(() => expect(events(client)).toHaveLength(1));
      expect(events(client)[0]).toContain(sent.id);
    } finally {
      hub.close();
    }
  });

  it('beats on streams whose token holds and ends those whose token no longer does', async () => {
    const hub = hubOf(20);
    try {
      const [valid, expired] = [recordingClient('u1'), recordingClient('u2', false)];
      hub.add(valid);
      hub.add(expired);
      await vi.waitFor(() => expect(valid.chunks.filter((chunk) => chunk === KEEP_ALIVE_FRAME).length).toBeGreaterThanOrEqual(2));
      expect(valid.ended).toBe(false);
      expect(expired.ended).toBe(true);
      expect(expired.chunks).toEqual([]);
    } finally {
      hub.close();
    }
  });

  it('ends every stream on close and stops listening', async () => {
    const hub = hubOf();
    const user = await makeUser(t);
    const clients = [recordingClient(user.id), recordingClient(user.id)];
    for (const client of clients) hub.add(client);
    hub.close();
    expect(clients.map((client) => client.ended)).toEqual([true, true]);
    const listening = recordingClient(user.id);
    const other = hubOf();
    try {
      other.add(listening);
      await send(t, { userIds: [user.id] });
      await vi.waitFor(() => expect(events(listening)).toHaveLength(1));
      expect(clients.flatMap(events)).toEqual([]);
    } finally {
      other.close();
    }
  });
});
