import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChannel, smsChannel, startHttpPeer, webhookChannel, type HttpPeer } from '../../../../test/factories/channels.ts';
import { useModuleApp } from '../../../../test/factories/identity.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../../test/smtp-peer.ts';
import { createOutbound } from '../../../platform/outbound/guard.ts';
import { messageChannels } from '../tables.ts';
import type { OutgoingDelivery } from './sender.ts';
import { createChannelSenders, type ChannelSenderPool } from './senders.ts';
import { CHANNELS_CHANGED_TOPIC } from './service.ts';
import { verifyWebhookSignature } from './webhook.ts';

let smtp: SmtpPeer;
let otherSmtp: SmtpPeer;
/** Signs in only with its password, and refuses the first message it is given. */
let strict: SmtpPeer;
let gateway: HttpPeer;
let receiver: HttpPeer;
let failing = false;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  otherSmtp = await startSmtpPeer();
  strict = await startSmtpPeer({ user: 'portal', pass: 'right-pass-1' }, { refuseFirst: 1 });
  gateway = await startHttpPeer((request) =>
    request.headers['x-api-key'] === 'sms-api-key-1' ? { status: 200 } : { status: 401, body: 'bad key' },
  );
  receiver = await startHttpPeer(() => (failing ? { status: 500, body: 'x'.repeat(2000) } : { status: 204 }));
});
afterAll(async () => {
  await Promise.all([smtp.close(), otherSmtp.close(), strict.close(), gateway.close(), receiver.close()]);
});

const { t, api } = useModuleApp('/api/message-engine');
let senders: ChannelSenderPool;
beforeAll(async () => {
  const outbound = createOutbound({ allow: t.config.outboundAllow });
  senders = createChannelSenders({ db: t.database.db, events: t.events, box: t.app.modules.receptionCenter.secretBox, outbound });
  const created = await Promise.all([
    api.post('/v1/channels', emailChannel('mail', Number(new URL(smtp.url).port))),
    api.post('/v1/channels', smsChannel('sms', `${gateway.url}/send?account=1`)),
    api.post('/v1/channels', webhookChannel('hook', `${receiver.url}/hooks`)),
  ]);
  for (const answer of created) expect(answer.statusCode, answer.body).toBe(200);
  signingSecret = created[2]?.json().signingSecret;
  for (const id of ['mail', 'sms', 'hook']) await api.patch(`/v1/channels/${id}/state`, undefined);
});
afterAll(() => senders.close());
let signingSecret: string;

let sent = 0;
const delivery = (address: string | null, extra: Partial<OutgoingDelivery> = {}): OutgoingDelivery => {
  sent += 1;
  return {
    messageId: '6f1f7c36-6a8e-4c36-9a43-1b1c1f0c0000',
    idempotencyKey: `msg-${sent}.mail`,
    receiver: { userId: '00000000-0000-4000-8000-000000000001', name: 'Ann Example', address },
    subject: `Subject ${sent}`,
    body: 'Plain body',
    format: 'text',
    ...extra,
  };
};

describe('email sender', () => {
  it('delivers through a pool: the subject and body as given, HTML with a text alternative, the Message-ID from the key', async () => {
    const html = '<p>Hello &lt;b&gt;Ann&lt;/b&gt; &amp; &quot;friends&quot;</p><p>Second</p>';
    await senders.send(
      'mail',
      delivery('ann@example.test', { subject: 'Welcome, Ann', body: html, format: 'html', idempotencyKey: 'msg-42.mail' }),
    );
    const [mail] = smtp.to('ann@example.test');
    expect(mail?.headers.subject).toBe('Welcome, Ann');
    expect(mail?.headers['message-id']).toBe('<msg-42.mail@example.test>');
    expect(mail?.headers.from).toBe('Portal <portal@example.test>');
    expect(mail?.headers['content-type']).toContain('multipart/alternative');
    // The rendered HTML arrives as it was escaped, and its text alternative reads as words.
    expect(mail?.text).toContain('Hello &lt;b&gt;Ann&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(mail?.text).toContain(
      'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nHello <b>Ann</b> & "friends"\r\nSecond',
    );

    // A key that is not a plain token goes in hashed, keeping the header well-formed.
    await senders.send('mail', delivery('bob@example.test', { idempotencyKey: 'key with spaces' }));
    expect(smtp.to('bob@example.test')[0]?.headers['message-id']).toMatch(/^<[0-9a-f]{64}@example\.test>$/);
  });

  it('reuses its pooled connections for many mails', async () => {
    const before = smtp.connections;
    await Promise.all(Array.from({ length: 30 }, (_, i) => senders.send('mail', delivery(`many${i}@example.test`))));
    expect(smtp.received.filter((mail) => mail.to[0]?.startsWith('many'))).toHaveLength(30);
    // maxConnections is 2: the pool opens at most two more, whatever the number of mails.
    expect(smtp.connections - before).toBeLessThanOrEqual(2);
  });

  it('follows a change to the channel: a new pool to the new server, the old one closed', async () => {
    const { id: _id, ...input } = emailChannel('mail', Number(new URL(otherSmtp.url).port));
    expect((await api.put('/v1/channels/mail', input)).statusCode).toBe(200);
    await senders.send('mail', delivery('moved@example.test'));
    expect(otherSmtp.to('moved@example.test')).toHaveLength(1);
    expect(smtp.to('moved@example.test')).toHaveLength(0);
  });

  it('reads a channel once: a row changed behind its back is not seen until the change event', async () => {
    await t.database.db.update(messageChannels).set({ state: 'disabled' }).where(eq(messageChannels.id, 'mail'));
    await senders.send('mail', delivery('cached@example.test'));
    await t.events.publish(CHANNELS_CHANGED_TOPIC, 'mail');
    await expect(senders.send('mail', delivery('cached@example.test'))).rejects.toThrow('The channel mail is disabled');
    // The console's test message goes out on a disabled channel.
    await senders.test('mail', delivery('tested@example.test'));
    expect(otherSmtp.to('tested@example.test')).toHaveLength(1);
    await api.patch('/v1/channels/mail/state', undefined);
    await senders.send('mail', delivery('again@example.test'));
  });

  it("keeps an SMTP server's reply code, none of its words: a refused sign-in, a refused message", async () => {
    const port = Number(new URL(strict.url).port);
    const settings = { ...emailChannel('x', port).settings, username: 'portal' };
    const saved = await api.post('/v1/channels', emailChannel('strict', port, { settings, secrets: { password: 'wrong-pass-1' } }));
    expect(saved.statusCode, saved.body).toBe(200);
    await expect(senders.test('strict', delivery('a@example.test'))).rejects.toThrow(/^The SMTP server refused the sign-in \(535\)$/);
    const { id: _id, ...input } = emailChannel('strict', port, { settings, secrets: { password: 'right-pass-1' } });
    expect((await api.put('/v1/channels/strict', input)).statusCode).toBe(200);
    await expect(senders.test('strict', delivery('b@example.test'))).rejects.toThrow(/^The SMTP server refused the message \(451\)$/);
    await senders.test('strict', delivery('c@example.test'));
    expect(strict.to('c@example.test')).toHaveLength(1);
  });

  it('refuses what it cannot send: no address, an unknown channel, the inbox', async () => {
    await expect(senders.send('mail', delivery(null))).rejects.toThrow('no email address');
    await expect(senders.send('nope', delivery('x@example.test'))).rejects.toThrow('does not exist');
    await expect(senders.send('inApp', delivery(null))).rejects.toThrow('writes the inbox');
  });
});

describe('SMS sender', () => {
  it('posts the rendered template with the headers, the secret header and the Idempotency-Key', async () => {
    const text = 'Code "123456"\nvalid 5 min \\ {{ not a tag }} </script>';
    await senders.send('sms', delivery('+15550100', { body: text, idempotencyKey: 'msg-7.sms' }));
    const request = gateway.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/send?account=1' });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-account': 'portal',
      'x-api-key': 'sms-api-key-1',
      'idempotency-key': 'msg-7.sms',
    });
    // Quotes, a line break and a backslash in the text stay text inside the JSON string.
    expect(JSON.parse(request?.body ?? '')).toEqual({ to: '+15550100', text, ref: '6f1f7c36-6a8e-4c36-9a43-1b1c1f0c0000' });
  });

  it('sends a GET with the rendered form as its query string', async () => {
    const { id: _id, ...input } = smsChannel('sms', `${gateway.url}/get`);
    const settings = {
      ...input.settings,
      method: 'GET',
      contentType: 'application/x-www-form-urlencoded',
      bodyTemplate: 'to={{ phone }}&text={{ content }}',
    };
    expect((await api.put('/v1/channels/sms', { ...input, secrets: undefined, settings })).statusCode).toBe(200);
    await senders.send('sms', delivery('+15550101', { body: 'a&b=c d' }));
    const request = gateway.requests.at(-1);
    expect(request?.method).toBe('GET');
    const query = new URL(request?.url ?? '', 'http://x').searchParams;
    expect([query.get('to'), query.get('text')]).toEqual(['+15550101', 'a&b=c d']);
  });

  it("rejects on a non-2xx answer with the status, and nothing of the gateway's words", async () => {
    const { id: _id, ...input } = smsChannel('sms', `${gateway.url}/send`);
    await api.put('/v1/channels/sms', { ...input, secrets: { headers: [{ name: 'X-Api-Key', value: 'wrong' }] } });
    const refused = await senders.send('sms', delivery('+15550102')).catch((error: Error) => error);
    expect(String(refused)).toBe('Error: The SMS gateway answered 401');
    await expect(senders.send('sms', delivery(null))).rejects.toThrow('no phone number');
  });
});

describe('webhook sender', () => {
  it('posts a signed JSON delivery that verifies, and whose replay is refused by its timestamp', async () => {
    await senders.send('hook', delivery(null, { subject: 'Order shipped', body: 'Parcel 7', idempotencyKey: 'msg-9.hook' }));
    const request = receiver.requests.at(-1);
    if (!request) throw new Error('no webhook delivery');
    expect(request.headers['idempotency-key']).toBe('msg-9.hook');
    expect(JSON.parse(request.body)).toMatchObject({
      messageId: '6f1f7c36-6a8e-4c36-9a43-1b1c1f0c0000',
      idempotencyKey: 'msg-9.hook',
      receiver: { userId: '00000000-0000-4000-8000-000000000001', name: 'Ann Example' },
      subject: 'Order shipped',
      body: 'Parcel 7',
      format: 'text',
      sentAt: expect.any(String),
    });
    const signed = {
      secret: signingSecret,
      timestamp: request.headers['x-portal-timestamp'] as string,
      signature: request.headers['x-portal-signature'] as string,
      body: request.body,
    };
    expect(signed.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(signed)).toBe(true);
    // The same delivery replayed ten minutes later, or presented from the future, is refused.
    const sentAt = Number(signed.timestamp);
    expect(verifyWebhookSignature({ ...signed, now: sentAt + 600 })).toBe(false);
    expect(verifyWebhookSignature({ ...signed, now: sentAt - 600 })).toBe(false);
    expect(verifyWebhookSignature({ ...signed, now: sentAt + 290 })).toBe(true);
    // A changed body, timestamp or secret does not verify.
    expect(verifyWebhookSignature({ ...signed, body: signed.body.replace('Parcel 7', 'Parcel 8') })).toBe(false);
    expect(verifyWebhookSignature({ ...signed, timestamp: String(sentAt + 1), now: sentAt })).toBe(false);
    expect(verifyWebhookSignature({ ...signed, secret: 'another-secret-entirely' })).toBe(false);
    expect(verifyWebhookSignature({ ...signed, signature: undefined })).toBe(false);
    expect(verifyWebhookSignature({ ...signed, timestamp: 'soon' })).toBe(false);
  });

  it('signs with the rotated secret once rotated, and rejects a failing receiver with its status alone', async () => {
    const rotated = (await api.post('/v1/channels/hook/secret')).json().signingSecret as string;
    await senders.send('hook', delivery(null));
    const request = receiver.requests.at(-1);
    const signed = {
      timestamp: request?.headers['x-portal-timestamp'] as string,
      signature: request?.headers['x-portal-signature'] as string,
      body: request?.body ?? '',
    };
    expect(verifyWebhookSignature({ ...signed, secret: rotated })).toBe(true);
    expect(verifyWebhookSignature({ ...signed, secret: signingSecret })).toBe(false);

    failing = true;
    const error = await senders.send('hook', delivery(null)).catch((failure: Error) => failure);
    failing = false;
    expect(String(error)).toBe('Error: The webhook receiver answered 500');
  });
});

describe('sealed credentials', () => {
  it('do not open on another channel: copied there, they show as unset and the sender says to enter them again', async () => {
    const [hook] = await t.database.db.select().from(messageChannels).where(eq(messageChannels.id, 'hook'));
    await t.database.db
      .update(messageChannels)
      .set({ secretsSealed: hook?.secretsSealed, updatedAt: new Date() })
      .where(eq(messageChannels.id, 'sms'));
    await t.events.publish(CHANNELS_CHANGED_TOPIC, 'sms');
    expect((await api.get('/v1/channels/sms')).json().secrets).toEqual({ headers: [] });
    await expect(senders.send('sms', delivery('+15550103'))).rejects.toThrow(
      'The credentials of the channel sms cannot be opened: enter them again',
    );
  });
});
