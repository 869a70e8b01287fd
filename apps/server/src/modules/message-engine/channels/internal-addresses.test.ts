import type { ChannelInput } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChannel, smsChannel, startHttpPeer, webhookChannel, type HttpPeer } from '../../../../test/factories/channels.ts';
import { apiAs, makeRole, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { freePort } from '../../../../test/free-port.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../../test/smtp-peer.ts';
import { auditLogs } from '../../../platform/db/tables.ts';
import { messageChannels } from '../tables.ts';
import { channelValues } from './input.ts';
import { sealSecrets } from './stored.ts';
import { verifyWebhookSignature } from './webhook.ts';

/**
 * Finding 3 of issue 28, replayed: whoever may configure a channel made the server connect anywhere
 * (loopback, the metadata address), read back up to 500 bytes of the answer in the 502 and the
 * delivery log, and told open from closed ports. Here OUTBOUND_ALLOW names one internal host,
 * 127.0.0.2; 127.0.0.1 stands for the rest of the inside.
 */
const SECRET = 'INTERNAL-ONLY-7f3a';
let inside: HttpPeer;
let insideSmtp: SmtpPeer;
let allowed: HttpPeer;
let allowedFails = false;
let closedPort: number;
beforeAll(async () => {
  inside = await startHttpPeer(() => ({ status: 500, body: `${SECRET} {"AccessKeyId":"AKIA-inside"}` }));
  insideSmtp = await startSmtpPeer();
  allowed = await startHttpPeer(() => (allowedFails ? { status: 500, body: `${SECRET} stack trace` } : { status: 204 }), '127.0.0.2');
  closedPort = await freePort();
});
afterAll(() => Promise.all([inside.close(), insideSmtp.close(), allowed.close()]));

const { t, api } = useModuleApp('/api/message-engine', { env: { OUTBOUND_ALLOW: '127.0.0.2' } });

/** An account holding only the channel points the attack needs: create, start, test. */
let narrow: ReturnType<typeof apiAs>;
beforeAll(async () => {
  const role = await makeRole(t, {
    resources: ['messageCenter:messageChannel:create', 'messageCenter:messageChannel:state', 'messageCenter:messageChannel:test'],
  });
  narrow = apiAs(t, await tokenOf(t, await makeUser(t, { roleIds: [role.id] })), '/api/message-engine');
});

const rowOf = async (id: string) => (await t.database.db.select().from(messageChannels).where(eq(messageChannels.id, id)))[0];
const auditCount = async (id: string) => (await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id))).length;
const insideSeen = () => inside.requests.length + insideSmtp.received.length;

/**
 * A channel saved as it is stored, past the API's check: one saved while OUTBOUND_ALLOW still named
 * its address, or whose name resolves inside (the check at save time does not look names up).
 */
async function storedChannel(input: ChannelInput & { id: string }) {
  const { values, secrets } = channelValues(input);
  await t.database.db
    .insert(messageChannels)
    .values({ id: input.id, ...values, secretsSealed: sealSecrets(t.app.modules.receptionCenter.secretBox, input.id, secrets) });
}

const unreachable = (what: string) =>
  `The test message was not delivered: The ${what} could not be reached (the server's log has the reason)`;

describe('channels pointing inside the network', () => {
  it.each([
    ['a webhook on loopback', () => webhookChannel('h-loop', `${inside.url}/hook`), 'settings.url'],
    ['a webhook at the metadata address', () => webhookChannel('h-meta', 'http://169.254.169.254/latest/meta-data/iam/'), 'settings.url'],
    ['a webhook on IPv4-mapped loopback', () => webhookChannel('h-mapped', `http://[::ffff:127.0.0.1]:${inside.port}/`), 'settings.url'],
    ['a webhook on IPv6 loopback', () => webhookChannel('h-v6', `http://[::1]:${inside.port}/`), 'settings.url'],
    ['an SMS gateway on localhost', () => smsChannel('s-local', `http://localhost:${inside.port}/sms`), 'settings.url'],
    ['an SMS gateway on 10.0.0.0/8', () => smsChannel('s-ten', 'http://10.0.0.1/send'), 'settings.url'],
    ['an SMTP server on loopback', () => emailChannel('m-loop', Number(new URL(insideSmtp.url).port)), 'settings.host'],
    [
      'an SMTP server at the metadata address',
      () => emailChannel('m-meta', 25, { settings: { ...emailChannel('x', 25).settings, host: '169.254.169.254' } }),
      'settings.host',
    ],
  ])('are not saved: %s is a 400 naming the field, and nothing is stored or reached', async (_what, input, field) => {
    const channel = input();
    const refused = await narrow.post('/v1/channels', channel);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST', details: { field } });
    expect(refused.json().message).toMatch(/OUTBOUND_ALLOW does not allow|names this machine or a metadata service/);
    expect(await rowOf(channel.id)).toBeUndefined();
    expect(await auditCount(channel.id)).toBe(0);
    expect(insideSeen()).toBe(0);
  });

  it('are not saved by an update either: a channel moved inside keeps its address', async () => {
    const created = await api.post('/v1/channels', webhookChannel('moving', `${allowed.url}/hook`));
    expect(created.statusCode, created.body).toBe(200);
    const { id: _id, ...moved } = webhookChannel('moving', 'http://[fd00:ec2::254]/latest/');
    const refused = await api.put('/v1/channels/moving', moved);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: { field: 'settings.url' } });
    expect((await rowOf('moving'))?.settings).toMatchObject({ url: `${allowed.url}/hook` });
  });

  it('is not reached by the test button: open port, closed port, metadata and an unknown name answer the same 502', async () => {
    await storedChannel(webhookChannel('in-open', `${inside.url}/hook`) as ChannelInput & { id: string });
    await storedChannel(webhookChannel('in-closed', `http://127.0.0.1:${closedPort}/hook`) as ChannelInput & { id: string });
    await storedChannel(webhookChannel('in-meta', 'http://169.254.169.254/latest/meta-data/') as ChannelInput & { id: string });
    await storedChannel(webhookChannel('allowed-closed', `http://127.0.0.2:${closedPort}/hook`) as ChannelInput & { id: string });
    await storedChannel(webhookChannel('nowhere', 'http://hooks.invalid/hook') as ChannelInput & { id: string });
    await storedChannel(smsChannel('in-sms', `${inside.url}/sms`) as ChannelInput & { id: string });
    await storedChannel(emailChannel('in-mail', Number(new URL(insideSmtp.url).port)) as ChannelInput & { id: string });
    await storedChannel(emailChannel('in-mail-closed', closedPort) as ChannelInput & { id: string });

    const answerOf = async (id: string, address?: string) => {
      const answer = await narrow.post(`/v1/channels/${id}/test`, address ? { address } : {});
      const { code, message } = answer.json<{ code: string; message: string }>();
      return { status: answer.statusCode, code, message, raw: answer.body };
    };
    const hooks = await Promise.all(['in-open', 'in-closed', 'in-meta', 'allowed-closed', 'nowhere'].map((id) => answerOf(id)));
    const sms = await answerOf('in-sms', '+15550100');
    const mails = [await answerOf('in-mail', 'someone@example.test'), await answerOf('in-mail-closed', 'someone@example.test')];

    const hook = { status: 502, code: 'BAD_GATEWAY', message: unreachable('webhook receiver') };
    expect(hooks.map(({ raw: _raw, ...answer }) => answer)).toEqual([hook, hook, hook, hook, hook]);
    expect(sms).toMatchObject({ status: 502, code: 'BAD_GATEWAY', message: unreachable('SMS gateway') });
    expect(mails.map(({ raw: _raw, ...answer }) => answer)).toEqual([
      { status: 502, code: 'BAD_GATEWAY', message: unreachable('SMTP server') },
      { status: 502, code: 'BAD_GATEWAY', message: unreachable('SMTP server') },
    ]);
    for (const answer of [...hooks, sms, ...mails]) expect(answer.raw).not.toContain(SECRET);
    // Nothing inside was connected to.
    expect(insideSeen()).toBe(0);
  });

  it('delivers to an internal host OUTBOUND_ALLOW names, and the 502 and the delivery log keep its status, none of its words', async () => {
    const created = await narrow.post('/v1/channels', { ...webhookChannel('allowed-hook', `${allowed.url}/hook`), maxAttempts: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const { signingSecret } = created.json<{ signingSecret: string }>();
    expect((await narrow.patch('/v1/channels/allowed-hook/state', undefined)).statusCode).toBe(200);
    const tested = await narrow.post('/v1/channels/allowed-hook/test', {});
    expect(tested.statusCode, tested.body).toBe(200);
    const delivery = allowed.requests.at(-1);
    expect(
      verifyWebhookSignature({
        secret: signingSecret,
        timestamp: String(delivery?.headers['x-portal-timestamp']),
        signature: String(delivery?.headers['x-portal-signature']),
        body: delivery?.body ?? '',
      }),
    ).toBe(true);

    allowedFails = true;
    const failing = await narrow.post('/v1/channels/allowed-hook/test', {});
    expect(failing.statusCode).toBe(502);
    expect(failing.json().message).toBe('The test message was not delivered: The webhook receiver answered 500');
    expect(failing.body).not.toContain(SECRET);

    // A message on it and on a channel stored pointing inside: each receiver's record and log.
    await storedChannel({ ...webhookChannel('in-send', `${inside.url}/hook`), maxAttempts: 1 } as ChannelInput & { id: string });
    await t.database.db.update(messageChannels).set({ state: 'started' }).where(eq(messageChannels.id, 'in-send'));
    const user = await makeUser(t);
    const sent = await api.post('/common/notify', { title: 'Hook', channelIds: ['allowed-hook', 'in-send'], to: { userIds: [user.id] } });
    expect(sent.statusCode, sent.body).toBe(200);
    const { id } = sent.json<{ id: string }>();
    type Receiver = { id: number; channelId: string; state: string; lastError: string | null };
    const receivers = async () => (await api.get(`/v1/messages/${id}/receivers`)).json<{ list: Receiver[] }>().list;
    await expect
      .poll(async () => (await receivers()).map((row) => row.state), { timeout: 30_000, interval: 200 })
      .toEqual(['failed', 'failed']);
    const rows = await receivers();
    const errors = Object.fromEntries(rows.map((row) => [row.channelId, row.lastError]));
    expect(errors).toEqual({
      'allowed-hook': 'The webhook receiver answered 500',
      'in-send': "The webhook receiver could not be reached (the server's log has the reason)",
    });
    for (const row of rows) {
      const logs = await api.get(`/v1/messages/${id}/receivers/${row.id}/logs`);
      expect(logs.statusCode).toBe(200);
      expect(logs.json<{ error: string | null }[]>().map((log) => log.error)).toEqual([row.lastError]);
      expect(logs.body).not.toContain(SECRET);
    }
    expect(insideSeen()).toBe(0);
    allowedFails = false;
  });
});
