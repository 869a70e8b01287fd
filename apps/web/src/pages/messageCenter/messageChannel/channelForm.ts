import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REPLAY_WINDOW_SECONDS,
  type Channel,
  type ChannelInput,
  type SendingChannelType,
  type SmsContentType,
} from '@portal/contracts';

interface HeaderRow {
  name?: string;
  value?: string;
}

/** The channel form's values: the common fields, and one group per type (only the chosen type's group is sent). */
export interface ChannelFormValues {
  id?: string;
  name: string;
  type: SendingChannelType;
  description?: string | null;
  maxAttempts?: number;
  email?: {
    host?: string;
    port?: number;
    security?: 'tls' | 'starttls' | 'none';
    username?: string | null;
    fromAddress?: string;
    fromName?: string | null;
    maxConnections?: number;
    /** Empty: keep the stored password (or none). */
    password?: string;
    /** Remove the stored password. */
    clearPassword?: boolean;
  };
  sms?: {
    url?: string;
    method?: 'POST' | 'PUT' | 'GET';
    contentType?: SmsContentType;
    bodyTemplate?: string;
    headers?: HeaderRow[];
    /** A stored one shows its name with an empty value: left empty, it is kept. */
    secretHeaders?: HeaderRow[];
  };
  webhook?: { url?: string; replayWindowSeconds?: number; signingSecret?: string };
}

/** What a new channel of each type starts with. */
export const NEW_CHANNEL: ChannelFormValues = {
  name: '',
  type: 'email',
  maxAttempts: DEFAULT_MAX_ATTEMPTS,
  email: { port: 587, security: 'starttls', maxConnections: DEFAULT_MAX_CONNECTIONS },
  sms: {
    method: 'POST',
    contentType: 'application/json',
    bodyTemplate: '{"to": "{{ phone }}", "text": "{{ content }}"}',
    headers: [],
    secretHeaders: [],
  },
  webhook: { replayWindowSeconds: DEFAULT_REPLAY_WINDOW_SECONDS },
};

/** The form's values for a stored channel: its settings, and the names of its secrets without values. */
export function toFormValues(channel: Channel): ChannelFormValues {
  const common = { id: channel.id, name: channel.name, description: channel.description, maxAttempts: channel.maxAttempts };
  switch (channel.type) {
    case 'email': {
      const { from, ...settings } = channel.settings;
      return { ...NEW_CHANNEL, ...common, type: 'email', email: { ...settings, fromAddress: from.address, fromName: from.name ?? null } };
    }
    case 'sms':
      return {
        ...NEW_CHANNEL,
        ...common,
        type: 'sms',
        sms: {
          ...channel.settings,
          headers: channel.settings.headers ?? [],
          secretHeaders: channel.secrets.headers.map((name) => ({ name })),
        },
      };
    case 'webhook':
      return { ...NEW_CHANNEL, ...common, type: 'webhook', webhook: { ...channel.settings } };
    default:
      throw new Error('The in-app channel has no form');
  }
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);
const rows = (headers: HeaderRow[] | undefined) =>
  (headers ?? []).filter((header) => text(header.name)).map((header) => ({ name: text(header.name) ?? '', value: header.value ?? '' }));

/**
 * The body of a create or update from the form: only the chosen type's settings, and only the
 * secrets typed in (an empty secret field keeps the stored one; a secret header left empty is
 * sent by name alone, which keeps its value).
 */
export function toChannelInput(values: ChannelFormValues): ChannelInput {
  const common = { name: values.name.trim(), description: text(values.description) ?? null, maxAttempts: values.maxAttempts };
  switch (values.type) {
    case 'email': {
      const email = values.email ?? {};
      const password = email.clearPassword ? null : text(email.password);
      return {
        type: 'email',
        ...common,
        settings: {
          host: text(email.host) ?? '',
          port: email.port ?? 0,
          security: email.security ?? 'starttls',
          username: text(email.username) ?? null,
          from: { address: text(email.fromAddress) ?? '', name: text(email.fromName) ?? null },
          maxConnections: email.maxConnections,
        },
        ...(password === undefined ? {} : { secrets: { password } }),
      };
    }
    case 'sms': {
      const sms = values.sms ?? {};
      return {
        type: 'sms',
        ...common,
        settings: {
          url: text(sms.url) ?? '',
          method: sms.method ?? 'POST',
          contentType: sms.contentType ?? 'application/json',
          bodyTemplate: sms.bodyTemplate ?? '',
          headers: rows(sms.headers),
        },
        secrets: { headers: rows(sms.secretHeaders).map(({ name, value }) => (value ? { name, value } : { name })) },
      };
    }
    case 'webhook': {
      const webhook = values.webhook ?? {};
      const signingSecret = text(webhook.signingSecret);
      return {
        type: 'webhook',
        ...common,
        settings: { url: text(webhook.url) ?? '', replayWindowSeconds: webhook.replayWindowSeconds },
        ...(signingSecret ? { secrets: { signingSecret } } : {}),
      };
    }
  }
}

/** Where a test message goes, per type: an email address, a phone number, or the webhook's own URL (nothing to ask). */
export const testAddressKind = (type: Channel['type']): 'email' | 'phone' | null =>
  type === 'email' ? 'email' : type === 'sms' ? 'phone' : null;
