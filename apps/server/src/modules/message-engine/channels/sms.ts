import type { Outbound } from '../../../platform/outbound/guard.ts';
import { requestProvider, textOfHtml, type Provider } from './provider.ts';
import { compileSmsBody } from './sms-template.ts';
import type { OpenedChannel } from './stored.ts';

type SmsChannel = Extract<OpenedChannel, { type: 'sms' }>;

/**
 * SMS through the channel's HTTP gateway: its request template rendered per message (each
 * variable escaped for the content type), its headers and secret headers, and the idempotency key
 * as `Idempotency-Key`. For GET the rendered text is the query string.
 */
export function smsProvider({ settings, secrets }: SmsChannel, outbound: Outbound): Provider {
  const body = compileSmsBody(settings.bodyTemplate, settings.contentType);
  const headers = Object.fromEntries([...settings.headers, ...(secrets.headers ?? [])].map(({ name, value }) => [name, value]));
  return {
    async send(delivery) {
      const phone = delivery.receiver.address;
      if (!phone) throw new Error('The receiver has no phone number');
      const rendered = body.render({
        phone,
        content: delivery.format === 'html' ? textOfHtml(delivery.body) : delivery.body,
        subject: delivery.subject,
        messageId: delivery.messageId,
      });
      const get = settings.method === 'GET';
      const url = get ? `${settings.url}${settings.url.includes('?') ? '&' : '?'}${rendered}` : settings.url;
      await requestProvider(outbound, 'SMS gateway', url, {
        method: settings.method,
        headers: { ...headers, ...(get ? {} : { 'content-type': settings.contentType }), 'idempotency-key': delivery.idempotencyKey },
        ...(get ? {} : { body: rendered }),
      });
    },
    close: async () => undefined,
  };
}
