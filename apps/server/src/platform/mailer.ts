import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { sha256 } from './crypto.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text only: codes and links read the same in every client and nothing is rendered. */
  text: string;
}

export interface Mailer {
  /**
   * Resolves once the SMTP server has accepted the message; rejects when it did not. With an
   * idempotency key, the Message-ID is made from it: a send repeated after a failure (the server
   * may have taken the first) carries the same Message-ID, which mail systems recognise.
   */
  send(mail: OutgoingMail, options?: { idempotencyKey?: string }): Promise<void>;
}

/** `<key@domain-of-MAIL_FROM>`; a key that is not a plain token goes in hashed, keeping the header well-formed. */
export function messageIdFor(idempotencyKey: string, mailFrom: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  const local = /^[A-Za-z0-9._-]{1,128}$/.test(idempotencyKey) ? idempotencyKey : sha256(idempotencyKey);
  return `<${local}@${domain}>`;
}

/** Bounds on every SMTP step, so an unreachable server fails a request instead of hanging it. */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Mail over SMTP through the server named by SMTP_URL; undefined when none is configured, so
 * callers say the channel is missing instead of pretending to send.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | undefined {
  if (!config.smtpUrl) return undefined;
  const url = new URL(config.smtpUrl);
  // One connection per message (no pool): mail is rare here and nothing is left open at shutdown.
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...TIMEOUTS_MS,
  });
  return {
    async send(mail, options = {}) {
      const messageId = options.idempotencyKey ? messageIdFor(options.idempotencyKey, config.mailFrom) : undefined;
      await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, messageId });
    },
  };
}
