import type { ChannelInput } from '@portal/contracts';
import type { Outbound } from '../../../platform/outbound/guard.ts';

/**
 * Why a channel's address will never be reached, judged from its text alone when it is saved: an IP
 * address in a range the outbound guard refuses, localhost, a metadata name (a 400 naming the field).
 * A name is not looked up here: the guard checks what it resolves to at each connection, and a save
 * that answered differently for internal names would map the internal DNS.
 */
export function addressRefusal(outbound: Outbound, input: ChannelInput): { field: string; reason: string } | null {
  const target = (() => {
    switch (input.type) {
      case 'email':
        return { field: 'settings.host', host: input.settings.host };
      case 'sms':
      case 'webhook':
        return { field: 'settings.url', host: hostOf(input.settings.url) };
      default:
        return null;
    }
  })();
  const reason = target?.host ? outbound.refusal(target.host) : null;
  return target && reason ? { field: target.field, reason } : null;
}

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
};
