import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REPLAY_WINDOW_SECONDS,
  type ChannelInput,
  type SmsSettings,
} from '@portal/contracts';
import { randomToken } from '../../../platform/crypto.ts';
import { badRequest } from '../../../platform/errors.ts';
import { kept } from '../../../platform/resource/resource.ts';
import { compileSmsBody } from './sms-template.ts';
import type { ChannelSecrets } from './stored.ts';

/** Headers the sender writes itself: a channel's own headers may not replace them. */
const RESERVED_HEADERS = new Set(['content-type', 'content-length', 'host', 'idempotency-key', 'transfer-encoding', 'connection']);

const invalid = (field: string, message: string) => badRequest(`${field}: ${message}`, { field });

/** An http(s) address that parses, without credentials in it (they belong in a secret header). */
function assertUrl(url: string, field: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(field, 'not a valid address');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid(field, 'http or https only');
  if (parsed.username || parsed.password) throw invalid(field, 'no credentials in the address: use a secret header');
}

/** The secret headers after an update: the set given (a name without a value keeps the stored one), or the stored set. */
function secretHeaders(given: { name: string; value?: string }[] | undefined, stored: ChannelSecrets['headers']) {
  if (given === undefined) return stored;
  return given.map(({ name, value }) => {
    const kept = value ?? stored?.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
    if (kept === undefined) throw invalid('secrets.headers', `${name} has no stored value: give one`);
    return { name, value: kept };
  });
}

function assertSmsHeaders(settings: SmsSettings, secret: { name: string }[]): void {
  const seen = new Set<string>();
  for (const { name } of [...(settings.headers ?? []), ...secret]) {
    const lower = name.toLowerCase();
    if (RESERVED_HEADERS.has(lower)) throw invalid('settings.headers', `${name} is set by the sender`);
    if (seen.has(lower)) throw invalid('settings.headers', `${name} is named twice`);
    seen.add(lower);
  }
}

const originOf = (url: unknown) => (typeof url === 'string' ? new URL(url).origin : undefined);
const AGAIN = 'give it again: a stored credential only goes where it was given for';

/**
 * The stored settings and credentials of a channel from its input (and, on update, what it had). A
 * kept secret never follows the channel to another server: an update that points the channel
 * elsewhere (another SMTP host, plain SMTP instead of TLS, another gateway origin) must give its
 * secrets again, so the edit point alone cannot send them to a server of the editor's choosing.
 */
function typed(input: ChannelInput, before: StoredChannel | undefined) {
  const stored = before?.secrets ?? {};
  const was = before?.settings ?? {};
  switch (input.type) {
    case 'email': {
      const { settings } = input;
      const moved = before !== undefined && (was.host !== settings.host || (was.security !== 'none' && settings.security === 'none'));
      const given = input.secrets?.password;
      const password = given === undefined ? (moved ? undefined : stored.password) : (given ?? undefined);
      if (settings.username && password === undefined) {
        throw invalid('secrets.password', moved && stored.password ? `the server changed: ${AGAIN}` : 'a username needs a password');
      }
      return {
        settings: {
          ...settings,
          username: settings.username ?? null,
          from: { address: settings.from.address, name: settings.from.name ?? null },
          maxConnections: settings.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
        },
        secrets: password === undefined ? {} : { password },
      };
    }
    case 'sms': {
      const settings = { ...input.settings, headers: input.settings.headers ?? [] };
      assertUrl(settings.url, 'settings.url');
      const moved = before !== undefined && originOf(was.url) !== new URL(settings.url).origin;
      if (moved && input.secrets?.headers === undefined && stored.headers?.length) {
        throw invalid('secrets.headers', `the gateway changed: ${AGAIN}`);
      }
      const headers = secretHeaders(input.secrets?.headers, moved ? undefined : stored.headers) ?? [];
      assertSmsHeaders(settings, headers);
      if (settings.method === 'GET' && settings.contentType !== 'application/x-www-form-urlencoded') {
        throw invalid(
          'settings.contentType',
          'a GET sends the rendered template as its query string: use application/x-www-form-urlencoded',
        );
      }
      try {
        compileSmsBody(settings.bodyTemplate, settings.contentType);
      } catch (error) {
        throw invalid('settings.bodyTemplate', (error as Error).message);
      }
      return { settings, secrets: headers.length ? { headers } : {} };
    }
    case 'webhook': {
      assertUrl(input.settings.url, 'settings.url');
      const settings = { ...input.settings, replayWindowSeconds: input.settings.replayWindowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS };
      return { settings, secrets: { signingSecret: input.secrets?.signingSecret ?? stored.signingSecret } };
    }
  }
}

/** What an update keeps of the stored channel when the input leaves it out. */
export interface StoredChannel {
  description: string | null;
  maxAttempts: number;
  settings: Record<string, unknown>;
  secrets: ChannelSecrets;
}

/**
 * A channel's columns from its input; `before` is the stored channel on an update (an optional
 * field or a secret left out is kept). A webhook without a signing secret gets a new one, answered
 * as `generated`.
 */
export function channelValues(input: ChannelInput, before?: StoredChannel) {
  const { settings, secrets } = typed(input, before);
  const generated = input.type === 'webhook' && !secrets.signingSecret ? randomToken(32) : undefined;
  return {
    values: {
      name: input.name.trim(),
      type: input.type,
      description: kept(input.description, before?.description),
      maxAttempts: input.maxAttempts ?? before?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      settings: settings as Record<string, unknown>,
    },
    secrets: (generated ? { signingSecret: generated } : secrets) as ChannelSecrets,
    generated,
  };
}
