import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { auditOf, makeGroup, makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { inboxUser, MESSAGE_ENGINE, messageCounts } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { messages } from '../tables.ts';

const { t } = appPerFile(async () => undefined);
const SEND_POINT = 'messageCenter:sendMessage:send';

const notify = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${MESSAGE_ENGINE}/common/notify`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

async function sender(resources: string[] = [SEND_POINT]) {
  const user = await makeUser(t, { roleIds: [(await makeRole(t, { resources })).id] });
  return { ...user, token: await tokenOf(t, user) };
}

describe('POST /common/notify', () => {
  it('sends as the caller to everyone named, recorded in the audit log', async () => {
    const admin = await sender();
    const reader = await inboxUser(t);
    const member = await inboxUser(t);
    const group = await makeGroup(t, { userIds: [member.id, reader.id] });
    const notice = [
      { data: 'OS_APP_TYPE', value: 'Web' },
      { data: 'OS_MENU_ID', value: 'menu-1' },
    ];
    const response = await notify(admin.token, {
      title: 'Quarterly review',
      content: 'Friday',
      notice,
      to: { userIds: [reader.id], groupIds: [group.id] },
    });
    expect(response.statusCode).toBe(200);
    const { id, recipients } = response.json();
    expect(recipients).toBe(2);
    expect((await reader.list()).list).toEqual([
      expect.objectContaining({ title: 'Quarterly review', source: `user:${admin.username}`, notice, senderName: admin.name }),
    ]);
    expect((await member.list()).total).toBe(1);
    const [entry] = (await auditOf(t, 'messages.send')).filter((row) => row.targetId === id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'message',
      after: { title: 'Quarterly review', channels: ['inApp'], recipients: 2 },
    });
  });

  it('answers 403 to a caller without the send point and 401 without a token, sending nothing', async () => {
    const reader = await inboxUser(t);
    const viewer = await sender(['messageCenter:messageRecord']);
    const before = await messageCounts(t);
    const body = { title: 'Hello', content: '', to: { userIds: [reader.id] } };
    expect((await notify(viewer.token, body)).statusCode).toBe(403);
    expect((await notify(reader.token, body)).statusCode).toBe(403);
    expect((await notify(undefined, body)).statusCode).toBe(401);
    expect(await messageCounts(t)).toEqual(before);
  });

  it('answers 400 to bad bodies and sends nothing', async () => {
    const admin = await sender();
    const reader = await makeUser(t);
    const to = { userIds: [reader.id] };
    const before = await messageCounts(t);
    const bad = [
      {},
      { content: 'no title', to },
      { title: '   ', content: '', to },
      { title: 'x'.repeat(201), content: '', to },
      { title: 'Hi', content: '', to: {} },
      { title: 'Hi', content: '', to: { userIds: ['not-a-uuid'] } },
      { title: 'Hi', content: '', to: { userIds: [crypto.randomUUID()] } },
      { title: 'Hi', content: '', to, notice: [{ data: 'OS_OTHER', value: 'x' }] },
      { title: 'Hi', content: '', to, notice: Array.from({ length: 4 }, () => ({ data: 'OS_APP_ID', value: 'x' })) },
      { title: 'Hi', content: '', to, source: '' },
      { title: 'Hi', content: 'x'.repeat(20_001), to },
    ];
    for (const body of bad) {
      const response = await notify(admin.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect(await messageCounts(t)).toEqual(before);
  });

  it("sends from the sender's own account: a source naming the system or a module is refused, and nothing is sent", async () => {
    const holder = await sender();
    const reader = await inboxUser(t);
    const before = await messageCounts(t);
    for (const source of ['system', 'approver', 'user:admin', `user:${holder.username}x`]) {
      const response = await notify(holder.token, {
        title: 'From the platform',
        content: 'Trust me',
        source,
        to: { userIds: [reader.id] },
      });
      expect(response.statusCode, source).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'source', source: `user:${holder.username}` } });
    }
    expect(await messageCounts(t)).toEqual(before);
    expect((await reader.list()).total).toBe(0);

    // Its own source, given or left out, is the one its messages carry, in the inbox and in the records.
    expect(
      (await notify(holder.token, { title: 'Given', source: `user:${holder.username}`, to: { userIds: [reader.id] } })).statusCode,
    ).toBe(200);
    const sent = await notify(holder.token, { title: 'Left out', to: { userIds: [reader.id] } });
    expect(sent.statusCode).toBe(200);
    expect((await reader.list()).list.map((message) => [message.title, message.source])).toEqual([
      ['Left out', `user:${holder.username}`],
      ['Given', `user:${holder.username}`],
    ]);
    const [record] = await t.database.db
      .select({ source: messages.source })
      .from(messages)
      .where(eq(messages.id, sent.json<{ id: string }>().id));
    expect(record).toEqual({ source: `user:${holder.username}` });
  });
});
