import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { ConfigError, DEFAULT_MAIL_FROM, loadConfig } from './config.ts';
import { createMailer } from './mailer.ts';

describe('mail configuration', () => {
  it('has no mail channel by default and a default sender', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe(DEFAULT_MAIL_FROM);
    expect(createMailer(config)).toBeUndefined();
  });

  it.each([
    [{ SMTP_URL: 'not a url' }, /SMTP_URL must be an absolute URL/],
    [{ SMTP_URL: 'mail.example.com:25' }, /SMTP_URL must start with smtp:/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must start with smtp: or smtps:/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM must be an address/],
    [{ MAIL_FROM: 'Portal <not an address>' }, /MAIL_FROM/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(message);
  });

  it('never repeats the SMTP password in its error', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:s3cret-pw@host' })).toThrowError(/^(?!.*s3cret-pw)/);
  });
});

describe('mailer over SMTP', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer({ user: 'portal@example.test', pass: 'p@ss word' });
  });
  afterAll(() => peer.close());

  it('delivers a message to a real SMTP server, authenticating with the URL credentials', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: peer.url, MAIL_FROM: 'Portal <portal@example.test>' }));
    await mailer?.send({ to: 'someone@example.test', subject: 'Hello', text: 'Your code is 123456.' });
    const [mail] = peer.to('someone@example.test');
    expect(mail).toMatchObject({ from: 'portal@example.test', user: 'portal@example.test' });
    expect(mail?.headers.subject).toBe('Hello');
    expect(mail?.headers.from).toBe('Portal <portal@example.test>');
    expect(mail?.text).toContain('Your code is 123456.');
  });

  it('rejects when the server refuses the credentials', async () => {
    const url = new URL(peer.url);
    url.password = 'wrong';
    const mailer = createMailer(loadConfig({ SMTP_URL: url.toString() }));
    await expect(mailer?.send({ to: 'other@example.test', subject: 'x', text: 'x' })).rejects.toThrow();
    expect(peer.to('other@example.test')).toEqual([]);
  });
});
