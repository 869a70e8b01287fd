import { messageIdFor } from '../../../platform/mailer.ts';
import type { Provider } from './provider.ts';
import { textOfHtml } from './provider.ts';
import { startSmtpThread } from './smtp-thread.ts';
import type { OpenedChannel } from './stored.ts';

type EmailChannel = Extract<OpenedChannel, { type: 'email' }>;

/** Bounds on every SMTP step, so an unreachable server fails a delivery instead of holding it. */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Mail over the channel's SMTP server through a pool of `maxConnections` connections kept open
 * between messages, on a thread of its own (smtp-thread.ts; a thread that failed is started again
 * for the next message). The Message-ID is made from the idempotency key, so a delivery repeated after
 * a lost reply is recognised as the same mail; HTML goes with a plain-text alternative.
 */
export function emailProvider({ settings, secrets }: EmailChannel): Provider {
  const options = {
    pool: true,
    maxConnections: settings.maxConnections,
    // A connection carries messages until the server or an error closes it (nodemailer's default
    // reconnects after 100, a handshake that costs a busy channel a tenth of its throughput).
    maxMessages: Infinity,
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.username && secrets.password ? { user: settings.username, pass: secrets.password } : undefined,
    ...TIMEOUTS_MS,
  };
  let thread = startSmtpThread(options);
  const from = settings.from.name ? { name: settings.from.name, address: settings.from.address } : settings.from.address;
  return {
    async send(delivery) {
      const to = delivery.receiver.address;
      if (!to) throw new Error('The receiver has no email address');
      const body = delivery.format === 'html' ? { html: delivery.body, text: textOfHtml(delivery.body) } : { text: delivery.body };
      if (thread.ended) thread = startSmtpThread(options);
      await thread.send({
        from,
        to: delivery.receiver.name ? { name: delivery.receiver.name, address: to } : to,
        subject: delivery.subject,
        ...body,
        messageId: messageIdFor(delivery.idempotencyKey, settings.from.address),
      });
    },
    close: () => thread.close(),
  };
}
