import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inboxUser, messageCounts, send } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';

const { t } = appPerFile(async () => undefined);
const ids = (page: { list: { id: string }[] }) => page.list.map((message) => message.id);

describe("a user's inbox", () => {
  it('lists the messages newest first, as the user sees them, with paging', async () => {
    const reader = await inboxUser(t);
    const sender = await inboxUser(t);
    const first = await send(t, { userIds: [reader.id] }, { senderId: sender.id, notice: [{ data: 'OS_APP_TYPE', value: 'Web' }] });
    const second = await send(t, { userIds: [reader.id] });
    const page = await reader.list();
    expect(page).toMatchObject({ total: 2, page: 1, size: 20 });
    expect(ids(page)).toEqual([second.id, first.id]);
    expect(page.list[1]).toEqual({
      id: first.id,
      title: first.title,
      content: `Content of ${first.title}`,
      source: 'system',
      notice: [{ data: 'OS_APP_TYPE', value: 'Web' }],
      state: 'unread',
      senderName: sender.name,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      readAt: null,
    });
    expect(page.list[0]?.senderName).toBeNull();
    expect(ids(await reader.list('?page=2&size=1'))).toEqual([first.id]);
    expect((await reader.call('GET', `/v1/inside-messages/${first.id}`)).json()).toEqual(page.list[1]);
  });

  it('filters by source, state and a keyword in title or content (wildcards taken literally)', async () => {
    const reader = await inboxUser(t);
    const approval = await send(t, { userIds: [reader.id] }, { source: 'approver', title: 'Cart approved', content: 'All 100% done' });
    const system = await send(t, { userIds: [reader.id] }, { title: 'Maintenance tonight', content: 'The portal restarts' });
    await reader.call('POST', '/v1/inside-messages/state/read', { ids: [system.id] });
    expect(ids(await reader.list('?source=approver'))).toEqual([approval.id]);
    expect(ids(await reader.list('?state=read'))).toEqual([system.id]);
    expect(ids(await reader.list('?state=unread'))).toEqual([approval.id]);
    expect(ids(await reader.list('?keyword=RESTARTS'))).toEqual([system.id]);
    expect(ids(await reader.list('?keyword=tonight&source=approver'))).toEqual([]);
    expect(ids(await reader.list('?keyword=%25'))).toEqual([approval.id]);
    expect((await reader.call('GET', '/v1/inside-messages?state=archived')).statusCode).toBe(400);
  });

  it('marks messages read: chosen ones keep their first read time, or every unread one at once', async () => {
    const reader = await inboxUser(t);
    const [a, b, c] = [
      await send(t, { userIds: [reader.id] }),
      await send(t, { userIds: [reader.id] }),
      await send(t, { userIds: [reader.id] }),
    ];
    const marked = await reader.call('POST', '/v1/inside-messages/state/read', { ids: [a.id] });
    expect(marked.json()).toEqual({ unread: 2 });
    const readAt = (await reader.call('GET', `/v1/inside-messages/${a.id}`)).json().readAt;
    expect(readAt).toEqual(expect.any(String));
    expect((await reader.call('POST', '/v1/inside-messages/state/read', { ids: [a.id, b.id] })).json()).toEqual({ unread: 1 });
    expect((await reader.call('GET', `/v1/inside-messages/${a.id}`)).json()).toMatchObject({ state: 'read', readAt });
    expect((await reader.call('POST', '/v1/inside-messages/state/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await reader.call('GET', `/v1/inside-messages/${c.id}`)).json().state).toBe('read');
  });

  it('gives the unread count with the newest five unread messages, and the sources with their counts', async () => {
    const reader = await inboxUser(t);
    const sent: { id: string }[] = [];
    for (let i = 0; i < 7; i++) sent.push(await send(t, { userIds: [reader.id] }, { source: i < 2 ? 'approver' : 'system' }));
    await reader.call('POST', '/v1/inside-messages/state/read', { ids: [sent[6]?.id, sent[0]?.id] });
    const summary = (await reader.call('GET', '/v1/inside-messages/unread')).json();
    expect(summary.unread).toBe(5);
    expect(summary.latest.map((message: { id: string }) => message.id)).toEqual([5, 4, 3, 2, 1].map((i) => sent[i]?.id));
    expect((await reader.call('GET', '/v1/inside-messages/sources')).json()).toEqual([
      { source: 'approver', total: 2, unread: 1 },
      { source: 'system', total: 5, unread: 4 },
    ]);
  });

  it('deletes messages from this inbox only and answers the unread count left', async () => {
    const [reader, other] = [await inboxUser(t), await inboxUser(t)];
    const shared = await send(t, { userIds: [reader.id, other.id] });
    const kept = await send(t, { userIds: [reader.id] });
    expect((await reader.call('DELETE', '/v1/inside-messages', { ids: [shared.id] })).json()).toEqual({ unread: 1 });
    expect(ids(await reader.list())).toEqual([kept.id]);
    expect((await reader.call('GET', `/v1/inside-messages/${shared.id}`)).statusCode).toBe(404);
    expect(ids(await other.list())).toEqual([shared.id]);
  });

  it('refuses bad ids and bodies with 400 and changes nothing', async () => {
    const reader = await inboxUser(t);
    const message = await send(t, { userIds: [reader.id] });
    const before = await messageCounts(t);
    for (const body of [{}, { ids: [] }, { ids: ['not-a-uuid'] }, { ids: [message.id, message.id] }, { all: false }, { ids: 'x' }]) {
      expect((await reader.call('POST', '/v1/inside-messages/state/read', body)).statusCode, JSON.stringify(body)).toBe(400);
      expect((await reader.call('DELETE', '/v1/inside-messages', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await reader.call('GET', '/v1/inside-messages/not-a-uuid')).statusCode).toBe(400);
    expect((await reader.call('GET', '/v1/inside-messages?size=1000')).statusCode).toBe(400);
    expect(await messageCounts(t)).toEqual(before);
    expect((await reader.call('GET', `/v1/inside-messages/${message.id}`)).json().state).toBe('unread');
  });
});

describe('isolation between two users', () => {
  async function twoInboxes() {
    const [owner, stranger] = [await inboxUser(t), await inboxUser(t)];
    const private_ = await send(t, { userIds: [owner.id] }, { source: 'owner-only' });
    const shared = await send(t, { userIds: [owner.id, stranger.id] });
    return { owner, stranger, private_, shared };
  }

  it("never lists, counts or shows another user's message", async () => {
    const { owner, stranger, private_, shared } = await twoInboxes();
    expect(ids(await stranger.list())).toEqual([shared.id]);
    expect(ids(await stranger.list('?source=owner-only'))).toEqual([]);
    expect((await stranger.call('GET', '/v1/inside-messages/sources')).json()).toEqual([{ source: 'system', total: 1, unread: 1 }]);
    expect((await stranger.call('GET', '/v1/inside-messages/unread')).json()).toMatchObject({ unread: 1, latest: [{ id: shared.id }] });
    const peek = await stranger.call('GET', `/v1/inside-messages/${private_.id}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await stranger.call('GET', `/v1/inside-messages/${randomUUID()}`)).statusCode).toBe(404);
    expect(ids(await owner.list())).toEqual([shared.id, private_.id]);
  });

  it("answers 404 to marking or deleting another user's message, and changes nothing, not even the caller's own", async () => {
    const { owner, stranger, private_, shared } = await twoInboxes();
    const before = await messageCounts(t);
    for (const body of [{ ids: [private_.id] }, { ids: [shared.id, private_.id] }, { ids: [shared.id, randomUUID()] }]) {
      expect((await stranger.call('POST', '/v1/inside-messages/state/read', body)).statusCode).toBe(404);
      expect((await stranger.call('DELETE', '/v1/inside-messages', body)).statusCode).toBe(404);
    }
    expect(await messageCounts(t)).toEqual(before);
    expect((await stranger.call('GET', `/v1/inside-messages/${shared.id}`)).json().state).toBe('unread');
    expect((await owner.list('?state=unread')).total).toBe(2);
  });

  it("reads and deletes only the caller's copy of a shared message, and 'all' means the caller's", async () => {
    const { owner, stranger, shared } = await twoInboxes();
    expect((await stranger.call('POST', '/v1/inside-messages/state/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await owner.call('GET', `/v1/inside-messages/${shared.id}`)).json().state).toBe('unread');
    await stranger.call('DELETE', '/v1/inside-messages', { ids: [shared.id] });
    expect((await owner.call('GET', '/v1/inside-messages/unread')).json().unread).toBe(2);
  });
});
