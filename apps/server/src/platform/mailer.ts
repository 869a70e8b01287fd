import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text only: codes and links read the same in every client and nothing is rendered. */
  text: string;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects when it did not. */
  send(mail: OutgoingMail): Promise<void>;
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
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
