import type { Principal } from '../../platform/access.ts';
import type { Db } from '../../platform/db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { ChannelSenderPool } from './channels/senders.ts';
import type { ChannelStore } from './channels/service.ts';
import type { SendRate } from './delivery/send-rate.ts';

/** Topic of the event bus announcing a delivered inside message; the payload is `{ messageId }` only. */
export const INSIDE_MESSAGE_TOPIC = 'inside-message';

/** What the message-engine routes are given. */
export interface MessageEngineService {
  db: Db;
  events: EventBus;
  /** Who the recipients are and what the senders are called (permission's api). */
  people: PermissionApi['people'];
  /** The users (permission's api): a person's send is from their account (userSource). */
  directory: Pick<PermissionApi['directory'], 'byId'>;
  /** A person's allowance of sends and receivers a minute (POST /common/notify; config sendRate). */
  sendRate: SendRate;
  /** Verifies an access token, as the access guard does: an open stream re-checks its token with it. */
  authenticate(token: string): Promise<Principal | null>;
  /** The channels (settings, sealed credentials, state). */
  channels: ChannelStore;
  /** How deliveries leave on email, SMS and webhook channels (channels/senders.ts). */
  senders: ChannelSenderPool;
  /** Whether SMS-code sign-in is on (system-config's auth settings): its last started SMS channel must stay. */
  smsSignInOn(): Promise<boolean>;
}
