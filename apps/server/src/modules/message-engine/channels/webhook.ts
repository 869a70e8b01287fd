import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_REPLAY_WINDOW_SECONDS } from '@portal/contracts';
import type { Outbound } from '../../../platform/outbound/guard.ts';
import { requestProvider, type Provider } from './provider.ts';
import type { OpenedChannel } from './stored.ts';

type WebhookChannel = Extract<OpenedChannel, { type: 'webhook' }>;

/** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`. */
export const webhookSignature = (secret: string, timestamp: number | string, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * What a receiver checks before trusting a delivery: the timestamp is within `windowSeconds` of its
 * clock (either way: a replayed old delivery and a forged future one are both refused) and one of
 * the signature header's `v1=` values is the HMAC of "<timestamp>.<raw body>", compared in
 * constant time.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  /** The X-Portal-Timestamp header: unix seconds. */
  timestamp: string | number | undefined;
  /** The X-Portal-Signature header. */
  signature: string | undefined;
  /** The raw request body, as received. */
  body: string;
  /** Unix seconds; the current time when left out. */
  now?: number;
  windowSeconds?: number;
}): boolean {
  const timestamp = String(input.timestamp ?? '');
  if (!/^\d{1,12}$/.test(timestamp) || !input.signature) return false;
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (input.windowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS)) return false;
  const expected = Buffer.from(webhookSignature(input.secret, timestamp, input.body));
  return input.signature
    .split(/[\s,]+/)
    .map((candidate) => Buffer.from(candidate))
    .some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
}

/** Webhook deliveries: a signed JSON POST to the channel's URL, the idempotency key in a header and the body. */
export function webhookProvider({ settings, secrets }: WebhookChannel, outbound: Outbound): Provider {
  const secret = secrets.signingSecret;
  return {
    async send(delivery) {
      if (!secret) throw new Error('The webhook channel has no signing secret: rotate it to make one');
      const { messageId, idempotencyKey, receiver, subject, body, format } = delivery;
      const raw = JSON.stringify({
        messageId,
        idempotencyKey,
        receiver: { userId: receiver.userId, name: receiver.name },
        subject,
        body,
        format,
        sentAt: new Date().toISOString(),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      await requestProvider(outbound, 'webhook receiver', settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
          'x-portal-timestamp': String(timestamp),
          'x-portal-signature': webhookSignature(secret, timestamp, raw),
        },
        body: raw,
      });
    },
    close: async () => undefined,
  };
}
