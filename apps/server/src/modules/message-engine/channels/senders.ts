import type { ChannelInput } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Outbound } from '../../../platform/outbound/guard.ts';
import { messageChannels } from '../tables.ts';
import { addressRefusal } from './address.ts';
import { emailProvider } from './email.ts';
import type { Provider } from './provider.ts';
import type { ChannelSenders, OutgoingDelivery } from './sender.ts';
import { CHANNELS_CHANGED_TOPIC } from './service.ts';
import { smsProvider } from './sms.ts';
import { openChannel, type ChannelRow, type OpenedChannel, type SecretSealer } from './stored.ts';
import { webhookProvider } from './webhook.ts';

/** The senders, and the console's test message, which goes out on a channel whether it is started or not. */
export interface ChannelSenderPool extends ChannelSenders {
  test(channelId: string, delivery: OutgoingDelivery): Promise<void>;
  /** Why the outbound guard would never reach a channel's address, from its text (address.ts): checked when it is saved. */
  addressRefusal(input: ChannelInput): { field: string; reason: string } | null;
}

/** A provider with the sends running on it: a replaced one is closed once they are done. */
interface Live {
  version: number;
  provider: Provider;
  running: number;
  retired: boolean;
}

interface Ready {
  row: ChannelRow;
  live: Live | null;
}

function providerFor(channel: OpenedChannel, outbound: Outbound): Provider | null {
  switch (channel.type) {
    case 'email':
      return emailProvider(channel, outbound);
    case 'sms':
      return smsProvider(channel, outbound);
    case 'webhook':
      return webhookProvider(channel, outbound);
    default:
      return null;
  }
}

/**
 * The channel providers behind delivery. Each channel is read once and kept in memory until a
 * change to it commits on any instance (CHANNELS_CHANGED_TOPIC), so a send costs no query. Its
 * provider (an SMTP pool) lives while the channel's `updated_at` stays the same; a changed
 * channel gets a new one and the old one is closed once its running sends end. Every provider
 * connects through the outbound guard (`outbound`).
 */
export function createChannelSenders(deps: { db: Db; events: EventBus; box: SecretSealer; outbound: Outbound }): ChannelSenderPool {
  const channels = new Map<string, Promise<Ready | null>>();
  const lives = new Map<string, Live>();

  const retire = (live: Live) => {
    live.retired = true;
    if (live.running === 0) void live.provider.close().catch(() => undefined);
  };

  async function load(id: string): Promise<Ready | null> {
    const [row] = await deps.db.select().from(messageChannels).where(eq(messageChannels.id, id)).limit(1);
    // Nothing below awaits: reading and replacing the live provider cannot interleave with another load.
    const current = lives.get(id);
    const version = row?.updatedAt.getTime();
    // The same version, or an older read finishing late: the provider in place stays.
    if (current && version !== undefined && version <= current.version) return row ? { row, live: current } : null;
    if (current) {
      lives.delete(id);
      retire(current);
    }
    if (!row) return null;
    const provider = providerFor(openChannel(deps.box, row), deps.outbound);
    const live = provider && { version: row.updatedAt.getTime(), provider, running: 0, retired: false };
    if (live) lives.set(id, live);
    return { row, live };
  }

  function ready(id: string): Promise<Ready | null> {
    let found = channels.get(id);
    if (!found) {
      const loading = load(id);
      // A failed read is not kept: the next send reads again.
      loading.catch(() => channels.get(id) === loading && channels.delete(id));
      channels.set(id, (found = loading));
    }
    return found;
  }

  const unsubscribe = deps.events.subscribe(CHANNELS_CHANGED_TOPIC, (id) => {
    if (id) channels.delete(id);
    else channels.clear();
  });

  async function deliver(channelId: string, delivery: OutgoingDelivery, startedOnly: boolean): Promise<void> {
    const channel = await ready(channelId);
    if (!channel) throw new Error(`The channel ${channelId} does not exist`);
    if (startedOnly && channel.row.state !== 'started') throw new Error(`The channel ${channelId} is disabled`);
    const { live } = channel;
    if (!live) throw new Error(`The in-app channel is not sent through a provider: delivery writes the inbox`);
    live.running += 1;
    try {
      await live.provider.send(delivery);
    } finally {
      live.running -= 1;
      if (live.retired && live.running === 0) void live.provider.close().catch(() => undefined);
    }
  }

  return {
    send: (channelId, delivery) => deliver(channelId, delivery, true),
    test: (channelId, delivery) => deliver(channelId, delivery, false),
    addressRefusal: (input) => addressRefusal(deps.outbound, input),
    async close() {
      unsubscribe();
      channels.clear();
      const open = [...lives.values()];
      lives.clear();
      await Promise.all(open.map((live) => live.provider.close().catch(() => undefined)));
    },
  };
}
