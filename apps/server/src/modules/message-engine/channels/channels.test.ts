import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../platform/db/tables.ts';
import { apiAs, makeRole, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { emailChannel, smsChannel, startHttpPeer, webhookChannel, type HttpPeer } from '../../../../test/factories/channels.ts';
import { freePort } from '../../../../test/free-port.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../../test/smtp-peer.ts';
import { messageChannels, messageTemplates } from '../tables.ts';
import { openSecrets } from './stored.ts';

let smtp: SmtpPeer;
let gateway: HttpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer({ user: 'portal', pass: 'smtp-pass-1' });
  gateway = await startHttpPeer((request) =>
    request.body.includes('fail-me') ? { status: 503, body: 'Gateway says: quota exceeded for account portal' } : { status: 202 },
  );
});
afterAll(async () => {
  await smtp.close();
  await gateway.close();
});

const { t, api, admin } = useModuleApp('/api/message-engine');
const smtpPort = () => Number(new URL(smtp.url).port);
const head = async (path: string) => (await admin({ method: 'HEAD', url: `/v1/channels/${path}` })).statusCode;
const rowOf = async (id: string) => (await t.database.db.select().from(messageChannels).where(eq(messageChannels.id, id)))[0];
const secretsOf = async (id: string) => {
  const row = await rowOf(id);
  if (!row) throw new Error(`no channel ${id}`);
  return openSecrets(t.app.modules.receptionCenter.secretBox, row);
};
/** Everything the audit log holds about a channel, as text. */
const auditText = async (id: string) => JSON.stringify(await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id)));

describe('message channels', () => {
  it('creates email, SMS and webhook channels, disabled, answering which secrets are set and never their values', async () => {
    const mail = await api.post(
      '/v1/channels',
      emailChannel('mail', smtpPort(), {
        secrets: { password: 'smtp-pass-1' },
        settings: { ...emailChannel('x', 1).settings, username: 'portal' },
      }),
    );
    expect(mail.statusCode, mail.body).toBe(200);
    expect(mail.json()).toMatchObject({
      id: 'mail',
      type: 'email',
      state: 'disabled',
      maxAttempts: 5,
      builtIn: false,
      secrets: { password: true },
    });
    expect(mail.json().settings).toMatchObject({ host: '127.0.0.1', security: 'none', username: 'portal', maxConnections: 2 });

    const sms = await api.post('/v1/channels', smsChannel('sms', gateway.url, { maxAttempts: 3 }));
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json()).toMatchObject({ type: 'sms', maxAttempts: 3, secrets: { headers: ['X-Api-Key'] } });

    const hook = await api.post('/v1/channels', webhookChannel('hook', 'https://hooks.example.test/in'));
    expect(hook.statusCode, hook.body).toBe(200);
    const generated = hook.json().signingSecret as string;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hook.json()).toMatchObject({ secrets: { signingSecret: true }, settings: { replayWindowSeconds: 300 } });

    // Never again: not in a read, a list, nor anywhere in the audit log.
    const answers = [
      (await api.get('/v1/channels/hook')).body,
      (await api.get('/v1/channels?size=100')).body,
      (await api.get('/v1/channels/simple/list')).body,
    ];
    for (const text of [...answers, await auditText('mail'), await auditText('sms'), await auditText('hook')]) {
      for (const secret of ['smtp-pass-1', 'sms-api-key-1', generated, 'secretsSealed', 'v1.']) expect(text).not.toContain(secret);
    }
    expect(await secretsOf('hook')).toEqual({ signingSecret: generated });
  });

  it('pages by keyword, type and state, and lists every channel simply (the built-in inbox among them)', async () => {
    const page = (await api.get('/v1/channels?size=2')).json();
    expect(page).toMatchObject({ total: 4, size: 2 });
    expect((await api.get('/v1/channels?type=sms')).json().list.map((c: { id: string }) => c.id)).toEqual(['sms']);
    expect((await api.get('/v1/channels?keyword=HOO')).json().total).toBe(1);
    expect((await api.get('/v1/channels?state=started')).json().list.map((c: { id: string }) => c.id)).toEqual(['inApp']);
    const simple = (await api.get('/v1/channels/simple/list')).json();
    expect(simple).toContainEqual({ id: 'inApp', name: 'In-app', type: 'inApp', state: 'started' });
    expect(simple).toHaveLength(4);
    expect((await api.get('/v1/channels/inApp')).json()).toMatchObject({ builtIn: true, settings: {}, secrets: {} });
  });

  it('answers the HEAD checks on id and name: 200 taken, 404 free, 400 for what can never be an id', async () => {
    expect(await head('id/mail')).toBe(200);
    expect(await head('id/inApp')).toBe(200);
    expect(await head('id/free-one')).toBe(404);
    expect(await head('id/9bad')).toBe(400);
    expect(await head(`name/${encodeURIComponent('Mail mail')}`)).toBe(200);
    expect(await head('name/Unused')).toBe(404);
  });

  it('refuses duplicates, the inbox type, bad ids and settings that could not work, changing nothing', async () => {
    const bad = async (body: unknown, status = 400) => {
      const answer = await api.post('/v1/channels', body);
      expect(answer.statusCode, answer.body).toBe(status);
      return answer.json();
    };
    expect(await bad(emailChannel('mail', 25), 409)).toMatchObject({ details: { field: 'id' } });
    expect(await bad(emailChannel('inApp', 25), 409)).toMatchObject({ details: { field: 'id' } });
    expect(await bad(emailChannel('other', 25, { name: 'Mail mail' }), 409)).toMatchObject({ details: { field: 'name' } });
    await bad({ id: 'box', name: 'Inbox 2', type: 'inApp', settings: {} });
    await bad(emailChannel('x', 25));
    await bad(emailChannel('bad id', 25));
    await bad(emailChannel('mail2', 25, { maxAttempts: 21 }));
    await bad(emailChannel('mail2', 70000));
    await bad({ ...emailChannel('mail2', 25), settings: { ...emailChannel('x', 25).settings, username: 'u' } });
    // A JSON body whose variable is outside a string would break on the first quote in a message.
    const sms = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      smsChannel('sms2', gateway.url, { settings: { ...smsChannel('x', gateway.url).settings, ...settings }, ...extra });
    expect(await bad(sms({ bodyTemplate: '{"text": {{ content }} }' }))).toMatchObject({ details: { field: 'settings.bodyTemplate' } });
    expect((await bad(sms({ bodyTemplate: '{"text": "{{ body }}"}' }))).message).toContain('body');
    await bad(sms({ bodyTemplate: '{% include "/etc/passwd" %}', contentType: 'text/plain' }));
    await bad(sms({ bodyTemplate: '{"a":"{{ content | nosuchfilter }}"}' }));
    await bad(sms({ headers: [{ name: 'Idempotency-Key', value: 'x' }] }));
    await bad(sms({ headers: [{ name: 'X-Api-Key', value: 'x' }] }));
    await bad(sms({ method: 'GET' }));
    await bad(sms({ url: 'http://user:pass@gateway.example.test/send' }));
    await bad(sms({ url: 'ftp://gateway.example.test/send' }));
    await bad(sms({ headers: [{ name: 'X-Evil', value: 'a\r\nInjected: yes' }] }));
    expect((await api.get('/v1/channels')).json().total).toBe(4);
  });

  it('updates a channel keeping the secrets left out, refuses a change of type and leaves the inbox alone', async () => {
    const { id: _id, ...input } = smsChannel('sms', gateway.url, { secrets: undefined, description: 'Main gateway' });
    const updated = await api.put('/v1/channels/sms', input);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ description: 'Main gateway', maxAttempts: 3, secrets: { headers: ['X-Api-Key'] } });
    expect((await secretsOf('sms')).headers).toEqual([{ name: 'X-Api-Key', value: 'sms-api-key-1' }]);
    // Named without a value: kept; a new one with its value.
    await api.put('/v1/channels/sms', { ...input, secrets: { headers: [{ name: 'x-api-key' }, { name: 'X-Token', value: 't-2' }] } });
    expect((await secretsOf('sms')).headers).toEqual([
      { name: 'x-api-key', value: 'sms-api-key-1' },
      { name: 'X-Token', value: 't-2' },
    ]);
    expect((await api.put('/v1/channels/sms', { ...input, secrets: { headers: [{ name: 'X-New' }] } })).statusCode).toBe(400);

    const { id: _mail, ...mail } = emailChannel('mail', smtpPort(), { name: 'Mail renamed' });
    const withUser = { ...mail, settings: { ...mail.settings, username: 'portal' } };
    expect((await api.put('/v1/channels/mail', { ...withUser, secrets: { password: null } })).statusCode).toBe(400);
    const kept = await api.put('/v1/channels/mail', withUser);
    expect(kept.json()).toMatchObject({ name: 'Mail renamed', secrets: { password: true } });
    expect((await secretsOf('mail')).password).toBe('smtp-pass-1');

    // A stored credential does not follow the channel to another server: the edit point alone cannot exfiltrate it.
    const elsewhere = { ...withUser, settings: { ...withUser.settings, host: 'smtp.attacker.test' } };
    expect((await api.put('/v1/channels/mail', elsewhere)).json()).toMatchObject({ details: { field: 'secrets.password' } });
    const plainText = { ...withUser, settings: { ...withUser.settings, security: 'none' } };
    expect((await api.put('/v1/channels/mail', plainText)).statusCode).toBe(200);
    const gatewayMoved = { ...input, settings: { ...input.settings, url: 'https://gateway.attacker.test/send' } };
    expect((await api.put('/v1/channels/sms', gatewayMoved)).json()).toMatchObject({ details: { field: 'secrets.headers' } });
    expect((await secretsOf('sms')).headers).toHaveLength(2);

    expect((await api.put('/v1/channels/mail', { ...input, name: 'Mail renamed' })).json()).toMatchObject({ details: { field: 'type' } });
    expect((await api.put('/v1/channels/inApp', { ...mail, name: 'In-app' })).statusCode).toBe(400);
    expect((await api.put('/v1/channels/none', mail)).statusCode).toBe(404);
    const auditedUpdates = await auditText('sms');
    expect(auditedUpdates).toContain('message-channels.update');
    expect(auditedUpdates).not.toContain('sms-api-key-1');
    expect(auditedUpdates).not.toContain('t-2"');
  });

  it('starts with PATCH and disables with DELETE on the state; the inbox stays started', async () => {
    expect((await api.patch('/v1/channels/mail/state', undefined)).json()).toMatchObject({ state: 'started' });
    expect((await api.get('/v1/channels/mail')).json().state).toBe('started');
    expect((await api.delete('/v1/channels/mail/state')).json()).toMatchObject({ state: 'disabled' });
    expect((await api.delete('/v1/channels/inApp/state')).statusCode).toBe(400);
    expect((await api.patch('/v1/channels/inApp/state', undefined)).json()).toMatchObject({ state: 'started' });
    expect((await api.patch('/v1/channels/none/state', undefined)).statusCode).toBe(404);
    expect(await auditText('mail')).toContain('message-channels.state.update');
  });

  it('rotates a webhook secret, answering the new one once; other types have none', async () => {
    const before = (await secretsOf('hook')).signingSecret;
    const rotated = await api.post('/v1/channels/hook/secret');
    expect(rotated.statusCode).toBe(200);
    const { signingSecret } = rotated.json();
    expect(signingSecret).not.toBe(before);
    expect((await secretsOf('hook')).signingSecret).toBe(signingSecret);
    expect(await auditText('hook')).not.toContain(signingSecret);
    expect((await api.post('/v1/channels/sms/secret')).statusCode).toBe(400);
  });

  it('sends a test message to the address given, and answers 502 with the status when it fails, none of the answer', async () => {
    const mailed = await api.post('/v1/channels/mail/test', { address: 'someone@example.test', subject: 'Testing the channel' });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const [mail] = smtp.to('someone@example.test');
    expect(mail?.headers.subject).toBe('Testing the channel');
    // Signed in with the password kept through the updates.
    expect(mail?.user).toBe('portal');
    expect(mail?.headers['message-id']).toBe(`<${mailed.json().idempotencyKey}@example.test>`);

    const texted = await api.post('/v1/channels/sms/test', { address: '+15550001', content: 'Say "hi"' });
    expect(texted.statusCode, texted.body).toBe(200);
    expect(JSON.parse(gateway.requests.at(-1)?.body ?? '')).toMatchObject({ to: '+15550001', text: 'Say "hi"' });

    const refused = await api.post('/v1/channels/sms/test', { address: '+15550001', content: 'fail-me' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'BAD_GATEWAY' });
    expect(refused.json().message).toBe('The test message was not delivered: The SMS gateway answered 503');

    const { id: _id, ...unreachable } = emailChannel('mail', await freePort(), { name: 'Mail renamed' });
    await api.put('/v1/channels/mail', { ...unreachable, settings: { ...unreachable.settings, username: 'portal' } });
    const down = await api.post('/v1/channels/mail/test', { address: 'someone@example.test' });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(
      "The test message was not delivered: The SMTP server could not be reached (the server's log has the reason)",
    );

    expect((await api.post('/v1/channels/mail/test', {})).statusCode).toBe(400);
    expect((await api.post('/v1/channels/mail/test', { address: 'not-an-email' })).statusCode).toBe(400);
    expect((await api.post('/v1/channels/inApp/test', { address: 'x' })).statusCode).toBe(400);
    expect((await api.post('/v1/channels/none/test', { address: 'x' })).statusCode).toBe(404);
  });

  it('refuses to delete a channel a template uses, naming the template; deletes it once unused', async () => {
    await t.database.db.insert(messageTemplates).values({ id: 'welcome', name: 'Welcome mail', channelId: 'mail', body: 'Hello' });
    const refused = await api.delete('/v1/channels/mail');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Welcome mail');
    expect(refused.json().details.templates).toEqual([{ id: 'welcome', name: 'Welcome mail' }]);
    expect(await rowOf('mail')).toBeDefined();

    await t.database.db.delete(messageTemplates).where(eq(messageTemplates.id, 'welcome'));
    expect((await api.delete('/v1/channels/mail')).json()).toEqual({ ok: true });
    expect(await rowOf('mail')).toBeUndefined();
    expect(await head('id/mail')).toBe(404);
    expect((await api.delete('/v1/channels/inApp')).statusCode).toBe(400);
    expect((await api.delete('/v1/channels/mail')).statusCode).toBe(404);
    expect(await auditText('mail')).toContain('message-channels.delete');
  });

  it('answers 403 without the page point, and lets each point do only its part', async () => {
    const plain = apiAs(t, await tokenOf(t, await makeUser(t)), '/api/message-engine');
    expect((await plain.get('/v1/channels')).statusCode).toBe(403);
    expect((await plain.get('/v1/channels/simple/list')).statusCode).toBe(403);
    expect((await plain.post('/v1/channels/sms/test', { address: '+1' })).statusCode).toBe(403);

    const viewerRole = await makeRole(t, { resources: ['messageCenter:messageChannel:query'] });
    const viewer = apiAs(t, await tokenOf(t, await makeUser(t, { roleIds: [viewerRole.id] })), '/api/message-engine');
    expect((await viewer.get('/v1/channels')).statusCode).toBe(200);
    expect((await viewer.post('/v1/channels', webhookChannel('viewer', 'https://x.example.test'))).statusCode).toBe(403);
    expect((await viewer.post('/v1/channels/hook/secret')).statusCode).toBe(403);
    expect((await viewer.delete('/v1/channels/hook/state')).statusCode).toBe(403);

    const senderRole = await makeRole(t, { resources: ['messageCenter:sendMessage'] });
    const sender = apiAs(t, await tokenOf(t, await makeUser(t, { roleIds: [senderRole.id] })), '/api/message-engine');
    expect((await sender.get('/v1/channels/simple/list')).statusCode).toBe(200);
    expect((await sender.get('/v1/channels/hook')).statusCode).toBe(403);
  });
});
