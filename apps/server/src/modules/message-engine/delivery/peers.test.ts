import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChannel, smsChannel, startHttpPeer, webhookChannel, type HttpPeer } from '../../../../test/factories/channels.ts';
import { apiAs, makeGroup, makeRole, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { setContacts } from '../../../../test/factories/messages.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../../test/smtp-peer.ts';
import { verifyWebhookSignature } from '../channels/webhook.ts';

let smtp: SmtpPeer;
let gateway: HttpPeer;
let receiver: HttpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  gateway = await startHttpPeer();
  receiver = await startHttpPeer();
});
afterAll(() => Promise.all([smtp.close(), gateway.close(), receiver.close()]));

const { t, api } = useModuleApp('/api/message-engine');

async function startedChannel(input: { id: string }) {
  const created = await api.post('/v1/channels', input);
  expect(created.statusCode, created.body).toBe(200);
  expect((await api.patch(`/v1/channels/${input.id}/state`, undefined)).statusCode).toBe(200);
  return created.json<{ signingSecret?: string }>();
}

async function settled(messageId: string) {
  await expect
    .poll(async () => (await api.get(`/v1/messages/${messageId}`)).json<{ counts: { pending: number } }>().counts.pending, {
      timeout: 20_000,
    })
    .toBe(0);
  return (await api.get(`/v1/messages/${messageId}`)).json<{ counts: Record<string, number> }>().counts;
}

describe('a templated send through real peers', () => {
  it('mails the rendered subject and body with variables escaped in HTML, texts the SMS gateway, and signs each webhook delivery', async () => {
    await startedChannel(emailChannel('peer-mail', Number(new URL(smtp.url).port)));
    await startedChannel(smsChannel('peer-sms', `${gateway.url}/sms`));
    const { signingSecret } = await startedChannel(webhookChannel('peer-hook', `${receiver.url}/hook`));
    const variables = [
      { name: 'order', sample: { no: 'A-1', total: 10 } },
      { name: 'customer', sample: 'Ann' },
    ];
    const templates = [
      {
        id: 'order-mail',
        channelId: 'peer-mail',
        subject: 'Order {{ order.no }}',
        body: '<p>Dear {{ customer }}, {{ order.total }} due</p>',
        format: 'html',
      },
      { id: 'order-sms', channelId: 'peer-sms', body: 'Order {{ order.no }}: {{ order.total }} due' },
      { id: 'order-hook', channelId: 'peer-hook', subject: 'Order {{ order.no }}', body: '{{ customer }} owes {{ order.total }}' },
    ];
    for (const template of templates) {
      const created = await api.post('/v1/templates', { name: template.id, variables, ...template });
      expect(created.statusCode, created.body).toBe(200);
    }
    const [ann, bob] = [await makeUser(t), await makeUser(t)];
    await setContacts(t, ann.id, { email: 'ann@example.test', phone: '+15550001' });
    await setContacts(t, bob.id, { email: 'bob@example.test', phone: '+15550002' });
    const group = await makeGroup(t, { userIds: [ann.id, bob.id] });

    const sent = await api.post('/common/notify', {
      templateIds: ['order-mail', 'order-sms', 'order-hook'],
      variables: { order: { no: 'B-7', total: 42 }, customer: '<script>alert(1)</script>' },
      to: { groupIds: [group.id] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { id } = sent.json<{ id: string }>();
    expect(await settled(id)).toMatchObject({ total: 6, delivered: 6, failed: 0 });

    const [mail] = smtp.to('ann@example.test');
    expect(mail?.headers.subject).toBe('Order B-7');
    // The HTML part carries the variable escaped; the plain-text alternative reads it as text.
    const html = mail?.text.split(/content-type: text\/html/i)[1] ?? '';
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(mail?.headers['message-id']).toMatch(new RegExp(`^<${id}\\.\\d+@example\\.test>$`));

    const texts = gateway.requests.map((request) => JSON.parse(request.body) as { to: string; text: string });
    expect(texts.map((text) => text.to).sort()).toEqual(['+15550001', '+15550002']);
    expect(texts[0]?.text).toBe('Order B-7: 42 due');
    expect(gateway.requests.every((request) => String(request.headers['idempotency-key']).startsWith(`${id}.`))).toBe(true);

    expect(receiver.requests).toHaveLength(2);
    for (const delivery of receiver.requests) {
      const signed = {
        secret: signingSecret ?? '',
        timestamp: String(delivery.headers['x-portal-timestamp']),
        signature: String(delivery.headers['x-portal-signature']),
        body: delivery.body,
      };
      expect(verifyWebhookSignature(signed)).toBe(true);
      // The same delivery replayed later than the window is refused by its timestamp.
      expect(verifyWebhookSignature({ ...signed, now: Number(signed.timestamp) + 301 })).toBe(false);
      expect(JSON.parse(delivery.body)).toMatchObject({ messageId: id, subject: 'Order B-7', body: '<script>alert(1)</script> owes 42' });
    }
  });

  it('answers 400 naming a missing variable, 404 for an unknown template, and refuses templates with raw content', async () => {
    await api.post('/v1/templates', {
      id: 'needs-code',
      name: 'needs-code',
      channelId: 'inApp',
      subject: 'Code',
      body: '{{ code }}',
      variables: [{ name: 'code' }],
    });
    const user = await makeUser(t);
    const to = { userIds: [user.id] };
    const missing = await api.post('/common/notify', { templateIds: ['needs-code'], variables: {}, to });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('code');
    expect((await api.post('/common/notify', { templateIds: ['no-such-template'], to })).statusCode).toBe(404);
    expect((await api.post('/common/notify', { templateIds: ['needs-code'], title: 'x', variables: { code: 1 }, to })).statusCode).toBe(
      400,
    );
    // With no receivers named, the template's own default receivers are used; it has none here.
    expect((await api.post('/common/notify', { templateIds: ['needs-code'], variables: { code: 1 } })).statusCode).toBe(400);
  });

  it('escapes the values a sender gives in an HTML mail even where the template asks for raw, keeping its own HTML', async () => {
    await startedChannel(emailChannel('raw-mail', Number(new URL(smtp.url).port)));
    const created = await api.post('/v1/templates', {
      id: 'raw-mail',
      name: 'raw-mail',
      channelId: 'raw-mail',
      subject: 'Notice',
      body: '<p class="lead">Dear {{ customer | raw }},</p>{% echo note | raw %}',
      format: 'html',
      variables: [
        { name: 'customer', sample: 'Ann' },
        { name: 'note', sample: 'Hello' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    // An account holding the send point alone, giving markup as values.
    const holder = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['messageCenter:sendMessage:send'] })).id] });
    const sender = apiAs(t, await tokenOf(t, holder), '/api/message-engine');
    const reader = await makeUser(t);
    await setContacts(t, reader.id, { email: 'raw-reader@example.test' });
    const sent = await sender.post('/common/notify', {
      templateIds: ['raw-mail'],
      variables: { customer: '<img src=x onerror=alert(1)>', note: '<a href="https://phish.test">Sign in</a>' },
      to: { userIds: [reader.id] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await settled(sent.json<{ id: string }>().id)).toMatchObject({ delivered: 1 });
    const part = smtp.to('raw-reader@example.test')[0]?.text.split(/content-type: text\/html/i)[1] ?? '';
    // The HTML part, quoted-printable decoded.
    const html = part.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(html).toContain(
      '<p class="lead">Dear &lt;img src=x onerror=alert(1)&gt;,</p>&lt;a href=&#34;https://phish.test&#34;&gt;Sign in&lt;/a&gt;',
    );
    expect(html).not.toMatch(/<img|<a /);
  });
});
