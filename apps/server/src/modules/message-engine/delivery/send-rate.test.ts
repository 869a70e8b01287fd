import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { makeGroup, makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { MESSAGE_ENGINE, messageCounts, send } from '../../../../test/factories/messages.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { nextSendAt } from './send-rate.ts';

// A small allowance, so the test reaches it: 3 sends or 5 receivers a minute per sender.
const { t } = appPerFile(async () => undefined, { env: { MESSAGE_SENDS_PER_MINUTE: '3', MESSAGE_RECEIVERS_PER_MINUTE: '5' } });
const SEND_POINT = 'messageCenter:sendMessage:send';

const notify = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${MESSAGE_ENGINE}/common/notify`, headers: bearer(token), payload });

/** An account holding the send point alone. */
async function sender() {
  const user = await makeUser(t, { roleIds: [(await makeRole(t, { resources: [SEND_POINT] })).id] });
  return { ...user, token: await tokenOf(t, user) };
}

function expectRefused(response: Awaited<ReturnType<typeof notify>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: { sends: 3, receivers: 5 } });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json<{ details: { retryAfterSeconds: number } }>().details.retryAfterSeconds).toBe(retryAfter);
}

describe('the per-sender send rate of POST /common/notify', () => {
  it('refuses the sends past the allowance with 429 and Retry-After, writing nothing; another sender still sends', async () => {
    const spammer = await sender();
    const reader = await makeUser(t);
    const to = { userIds: [reader.id] };
    // Sent at once, they count each other: three pass, whatever the order.
    const burst = await Promise.all([1, 2, 3, 4, 5].map((n) => notify(spammer.token, { title: `Spam ${n}`, to })));
    expect(burst.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    for (const refused of burst.filter((response) => response.statusCode === 429)) expectRefused(refused);
    const before = await messageCounts(t);
    expectRefused(await notify(spammer.token, { title: 'One more', to }));
    expect(await messageCounts(t)).toEqual(before);

    const other = await sender();
    expect((await notify(other.token, { title: 'Ordinary', to })).statusCode).toBe(200);
    // The platform's own messages are not a sender's: not limited.
    for (let n = 0; n < 5; n++) await send(t, to, { source: 'approver' });
  });

  it('counts the receivers a sender reached in the last minute, and answers a repeat of an accepted send all the same', async () => {
    const spammer = await sender();
    const crowd = await Promise.all(Array.from({ length: 5 }, () => makeUser(t)));
    const group = await makeGroup(t, { userIds: crowd.map((person) => person.id) });
    const first = await notify(spammer.token, { title: 'To the group', to: { groupIds: [group.id] }, idempotencyKey: 'group-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ recipients: 5 });
    const before = await messageCounts(t);
    expectRefused(await notify(spammer.token, { title: 'Again', to: { userIds: [crowd[0]!.id] } }));
    expect(await messageCounts(t)).toEqual(before);
    const repeat = await notify(spammer.token, { title: 'To the group', to: { groupIds: [group.id] }, idempotencyKey: 'group-1' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ id: first.json<{ id: string }>().id, replayed: true });
  });
});

describe('nextSendAt', () => {
  const rate = { sends: 3, receivers: 10 };
  const at = (seconds: number, recipients = 1) => ({ at: seconds * 1000, recipients });

  it('lets a sender within both allowances send now', () => {
    expect(nextSendAt([], rate)).toBeUndefined();
    expect(nextSendAt([at(1), at(2)], rate)).toBeUndefined();
    // One send may reach more than the allowance; the next waits.
    expect(nextSendAt([], { sends: 3, receivers: 1 })).toBeUndefined();
  });

  it('answers when enough of the oldest sends have left the minute', () => {
    expect(nextSendAt([at(1), at(2), at(3)], rate)).toBe(61_000);
    expect(nextSendAt([at(1), at(2), at(3), at(4)], rate)).toBe(62_000);
    expect(nextSendAt([at(1, 9), at(2, 1)], rate)).toBe(61_000);
    expect(nextSendAt([at(1, 2), at(2, 20)], rate)).toBe(62_000);
  });
});
