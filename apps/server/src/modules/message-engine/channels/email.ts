import { messageIdFor } from '../../../platform/mailer.ts';
import type { Outbound } from '../../../platform/outbound/guard.ts';
import type { Provider } from './provider.ts';
import { textOfHtml } from './provider.ts';
import { startSmtpThread, type SmtpThread } from './smtp-thread.ts';
import type { OpenedChannel } from './stored.ts';

type EmailChannel = Extract<OpenedChannel, { type: 'email' }>;

/** Bounds on every SMTP step, so an unreachable server fails a delivery instead of holding it. */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** How long a pool keeps the address its server's name resolved to before the name is looked up again. */
const RESOLVED_MS = 5 * 60_000;

/**
 * nodemailer's words before an SMTP server's own reply to a command: what the server refused. Only
 * the reply's code is kept; its text is the peer's, and it stays out of the delivery log and the 502.
 */
const REFUSALS: [RegExp, string][] = [
  [/^Invalid login: /, 'the sign-in'],
  [
    /^(?:Mail command failed|Recipient command failed|Can't send mail - all recipients were rejected|Data command failed): /,
    'the envelope',
  ],
  [/^Message failed: /, 'the message'],
];

/**
 * What a failed send says: a refusal by code, the portal's own sentences ("The SMTP pool stopped")
 * as they are, and anything else (no connection, a timeout, a greeting that is not SMTP, TLS) as
 * the outbound guard's one error, its reason in the server's log.
 */
function failureOf(outbound: Outbound, place: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  for (const [words, what] of REFUSALS) {
    const code = words.test(message) ? /^(\d{3})\b/.exec(message.replace(words, ''))?.[1] : undefined;
    if (code) return new Error(`The SMTP server refused ${what} (${code})`);
  }
  if (message.startsWith('The ')) return error instanceof Error ? error : new Error(message);
  return outbound.unreachable('SMTP server', place, message);
}

/** A pool on a thread, to the address its server's name resolved to. */
interface Pool {
  thread: SmtpThread;
  address: string;
  resolvedAt: number;
  running: number;
  retired: boolean;
}

/**
 * Mail over the channel's SMTP server through a pool of `maxConnections` connections kept open
 * between messages, on a thread of its own (smtp-thread.ts; a thread that failed is started again
 * for the next message). The Message-ID is made from the idempotency key, so a delivery repeated after
 * a lost reply is recognised as the same mail; HTML goes with a plain-text alternative.
 *
 * The server's name is resolved by the outbound guard and the pool connects to that checked
 * address (the name stays the TLS server name, so the certificate is checked against it); it is
 * looked up again after RESOLVED_MS, the old pool closed once its sends are done.
 */
export function emailProvider({ settings, secrets }: EmailChannel, outbound: Outbound): Provider {
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
  const place = `smtp://${settings.host}:${settings.port}`;
  let pool: Pool | undefined;
  let opening: Promise<Pool> | undefined;
  const retire = (old: Pool) => {
    old.retired = true;
    if (old.running === 0) void old.thread.close();
  };
  async function open(): Promise<Pool> {
    const target = await outbound.resolve('SMTP server', settings.host);
    const old = pool;
    if (old && !old.thread.ended && old.address === target.address) {
      old.resolvedAt = Date.now();
      return old;
    }
    const thread = startSmtpThread({ ...options, host: target.address, ...(target.servername ? { servername: target.servername } : {}) });
    pool = { thread, address: target.address, resolvedAt: Date.now(), running: 0, retired: false };
    if (old) retire(old);
    return pool;
  }
  const current = (): Promise<Pool> => {
    if (pool && !pool.thread.ended && Date.now() - pool.resolvedAt < RESOLVED_MS) return Promise.resolve(pool);
    opening ??= open().finally(() => (opening = undefined));
    return opening;
  };
  const from = settings.from.name ? { name: settings.from.name, address: settings.from.address } : settings.from.address;
  return {
    async send(delivery) {
      const to = delivery.receiver.address;
      if (!to) throw new Error('The receiver has no email address');
      const body = delivery.format === 'html' ? { html: delivery.body, text: textOfHtml(delivery.body) } : { text: delivery.body };
      // A word the delivery withheld (platform's own reason) is its failure as it is, not the peer's.
      let withheld = false;
      const hold = delivery.beforeAccept;
      const beforeAccept = hold && (() => hold().catch((error: unknown) => ((withheld = true), Promise.reject(error))));
      const using = await current();
      using.running += 1;
      try {
        await using.thread.send(
          {
            from,
            to: delivery.receiver.name ? { name: delivery.receiver.name, address: to } : to,
            subject: delivery.subject,
            ...body,
            messageId: messageIdFor(delivery.idempotencyKey, settings.from.address),
          },
          beforeAccept,
        );
      } catch (error) {
        throw withheld ? error : failureOf(outbound, place, error);
      } finally {
        using.running -= 1;
        if (using.retired && using.running === 0) void using.thread.close();
      }
    },
    close: async () => {
      await opening?.catch(() => undefined);
      await pool?.thread.close();
    },
  };
}
