import {
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REPLAY_WINDOW_SECONDS,
  IN_APP_CHANNEL_ID,
  type Channel,
  type EmailSettings,
  type SmsSettings,
  type WebhookSettings,
} from '@portal/contracts';
import type { messageChannels } from '../tables.ts';

/** A channel row as stored. */
export type ChannelRow = typeof messageChannels.$inferSelect;

/** What seals the credentials (reception-center's secret box, through its api). */
export interface SecretSealer {
  seal(plain: Buffer, boundTo: string): string;
  open(text: string, boundTo: string): Buffer;
}

/** Every credential of a channel, sealed together as one JSON document. */
export interface ChannelSecrets {
  password?: string;
  headers?: { name: string; value: string }[];
  signingSecret?: string;
}

/** A channel's settings with every default filled in, as the senders use them. */
export type OpenedChannel =
  | { id: string; type: 'inApp' }
  | { id: string; type: 'email'; settings: Required<EmailSettings>; secrets: ChannelSecrets }
  | { id: string; type: 'sms'; settings: SmsSettings & { headers: { name: string; value: string }[] }; secrets: ChannelSecrets }
  | { id: string; type: 'webhook'; settings: Required<WebhookSettings>; secrets: ChannelSecrets };

/** The secrets are bound to their channel: copied onto another channel's row, they do not open. */
const boundTo = (id: string) => `message-channel:${id}`;

export const sealSecrets = (box: SecretSealer, id: string, secrets: ChannelSecrets): string | null =>
  Object.keys(secrets).length === 0 ? null : box.seal(Buffer.from(JSON.stringify(secrets)), boundTo(id));

/** The channel's credentials; throws a readable error when they do not open (sealed under another key, or copied from another channel). */
export function openSecrets(box: SecretSealer, row: Pick<ChannelRow, 'id' | 'secretsSealed'>): ChannelSecrets {
  if (row.secretsSealed === null) return {};
  try {
    return JSON.parse(box.open(row.secretsSealed, boundTo(row.id)).toString('utf8')) as ChannelSecrets;
  } catch (error) {
    throw new Error(`The credentials of the channel ${row.id} cannot be opened: enter them again`, { cause: error });
  }
}

/** The credentials, or none when they do not open: an answer then shows them unset, and an edit asks for them again. */
export const secretsOrNone = (box: SecretSealer, row: Pick<ChannelRow, 'id' | 'secretsSealed'>): ChannelSecrets => {
  try {
    return openSecrets(box, row);
  } catch {
    return {};
  }
};

/** The settings as stored, defaults filled in (rows written before a default existed read the same). */
export function settingsOf(row: Pick<ChannelRow, 'type' | 'settings'>): Record<string, unknown> {
  const settings = row.settings;
  switch (row.type) {
    case 'email':
      return { ...settings, maxConnections: settings.maxConnections ?? DEFAULT_MAX_CONNECTIONS, username: settings.username ?? null };
    case 'sms':
      return { ...settings, headers: settings.headers ?? [] };
    case 'webhook':
      return { ...settings, replayWindowSeconds: settings.replayWindowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS };
    default:
      return {};
  }
}

/** What the senders need of a row: its settings and its credentials opened. */
export function openChannel(box: SecretSealer, row: ChannelRow): OpenedChannel {
  if (row.type === 'inApp') return { id: row.id, type: 'inApp' };
  // The settings were checked against the type's schema when saved.
  return { id: row.id, type: row.type, settings: settingsOf(row), secrets: openSecrets(box, row) } as OpenedChannel;
}

/** Which credentials are set: never their values. */
function secretsShown(type: ChannelRow['type'], secrets: ChannelSecrets) {
  switch (type) {
    case 'email':
      return { password: secrets.password !== undefined };
    case 'sms':
      return { headers: (secrets.headers ?? []).map((header) => header.name) };
    case 'webhook':
      return { signingSecret: secrets.signingSecret !== undefined };
    default:
      return {};
  }
}

/** A channel as answered and audited: its settings, and which secrets are set. */
export const toChannel = (box: SecretSealer, row: ChannelRow): Channel =>
  ({
    id: row.id,
    name: row.name,
    type: row.type,
    state: row.state,
    description: row.description,
    maxAttempts: row.maxAttempts,
    builtIn: row.id === IN_APP_CHANNEL_ID,
    settings: settingsOf(row),
    secrets: secretsShown(row.type, secretsOrNone(box, row)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }) as Channel;
