import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { auditOf, makeGroup, makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { inboxUser, MESSAGE_ENGINE, messageCounts } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';

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
      source: 'hr',
      notice,
      to: { userIds: [reader.id], groupIds: [group.id] },
    });
    expect(response.statusCode).toBe(200);
    const { id, recipients } = response.json();
    expect(recipients).toBe(2);
    expect((await reader.list()).list).toEqual([
      expect.objectContaining({ title: 'Quarterly review', source: 'hr', notice, senderName: admin.name }),
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
});
