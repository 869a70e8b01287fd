import { Type, type Static, type TProperties } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Page, PageQuery, Timestamp } from '../paging.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

/**
 * Message channels (page messageCenter > messageChannel): how messages leave the portal. `inApp` is
 * the built-in inbox; email goes over SMTP, SMS through any HTTP gateway described by a request
 * template, webhooks as signed POSTs. Credentials are write-only: an answer says which are set.
 */

export const CHANNEL_TYPES = ['inApp', 'email', 'sms', 'webhook'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** The types an administrator creates; the inbox channel is built in. */
export const SENDING_CHANNEL_TYPES = ['email', 'sms', 'webhook'] as const;
export type SendingChannelType = (typeof SENDING_CHANNEL_TYPES)[number];
export const CHANNEL_STATES = ['started', 'disabled'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];
/** The id of the built-in inbox channel. */
export const IN_APP_CHANNEL_ID = 'inApp';

export const CHANNEL_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{1,63}$';
export const ChannelId = Type.String({ pattern: CHANNEL_ID_PATTERN, description: 'A letter, then 1–63 letters, digits, _ or -' });
export const ChannelName = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });
export const ChannelIdParams = Type.Object({ id: ChannelId });
export const ChannelNameParams = Type.Object({ name: ChannelName });

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_MAX_CONNECTIONS = 5;
export const DEFAULT_REPLAY_WINDOW_SECONDS = 300;

const closed = { additionalProperties: false } as const;
/** One header line's text: no line breaks (they would forge headers). */
const HeaderText = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\r\\n]*$' });
const HttpUrl = Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://[^\\s]+$', description: 'http or https' });
/** An HTTP header name (RFC 9110 token). */
export const HeaderName = Type.String({ minLength: 1, maxLength: 100, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" });

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export const EmailSettings = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]*$' }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    /** tls: TLS from the first byte (usually 465); starttls: upgrade required (587); none: plain SMTP. */
    security: Type.Enum([...SMTP_SECURITY]),
    username: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 256 }))),
    from: Type.Object(
      { address: Type.String({ format: 'email', maxLength: 254 }), name: Type.Optional(Nullable(HeaderText(100))) },
      closed,
    ),
    /** Pooled SMTP connections kept open to the server. */
    maxConnections: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'Default 5' })),
  },
  closed,
);
export type EmailSettings = Static<typeof EmailSettings>;

export const SMS_METHODS = ['POST', 'PUT', 'GET'] as const;
/** How the body template's variables are escaped: inside JSON strings, URL-encoded, or as they are. */
export const SMS_CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'] as const;
export type SmsContentType = (typeof SMS_CONTENT_TYPES)[number];
/** The variables an SMS body template may use. */
export const SMS_TEMPLATE_VARIABLES = ['phone', 'content', 'subject', 'messageId'] as const;
const Header = Type.Object({ name: HeaderName, value: HeaderText(2000) }, closed);
export const SmsSettings = Type.Object(
  {
    url: HttpUrl,
    method: Type.Enum([...SMS_METHODS]),
    headers: Type.Optional(Type.Array(Header, { maxItems: 20 })),
    contentType: Type.Enum([...SMS_CONTENT_TYPES]),
    /**
     * Liquid with `phone`, `content`, `subject` and `messageId`. Every variable is escaped for the
     * content type (inside a JSON string: write `"{{ content }}"` with the quotes); for GET the
     * rendered text is the query string.
     */
    bodyTemplate: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  closed,
);
export type SmsSettings = Static<typeof SmsSettings>;

export const WebhookSettings = Type.Object(
  {
    url: HttpUrl,
    /** Receivers refuse a delivery whose X-Portal-Timestamp is further than this from their clock. */
    replayWindowSeconds: Type.Optional(Type.Integer({ minimum: 30, maximum: 86_400, description: 'Default 300' })),
  },
  closed,
);
export type WebhookSettings = Static<typeof WebhookSettings>;

const Secret = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** Write-only credentials per type: a secret left out of an update is kept. */
export const EmailSecretsInput = Type.Object(
  { password: Type.Optional(Nullable(Secret(512))) },
  { ...closed, description: 'password: null removes it' },
);
export const SmsSecretsInput = Type.Object(
  {
    headers: Type.Optional(
      Type.Array(Type.Object({ name: HeaderName, value: Type.Optional(HeaderText(2000)) }, closed), {
        maxItems: 10,
        description: 'The secret headers (an API key): the whole set; one named without a value keeps its stored value',
      }),
    ),
  },
  closed,
);
export const WebhookSecretsInput = Type.Object(
  { signingSecret: Type.Optional(Type.String({ minLength: 16, maxLength: 256, pattern: '^[\\x21-\\x7e]+$' })) },
  { ...closed, description: 'signingSecret: generated on create when not given' },
);

const common = {
  name: ChannelName,
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  maxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Default 5' })),
};
/** `type` first: the union's branches are told apart by it before anything else is looked at. */
const variants = <const P extends TProperties>(extra: P) =>
  [
    Type.Object(
      { type: Type.Literal('email'), ...extra, ...common, settings: EmailSettings, secrets: Type.Optional(EmailSecretsInput) },
      closed,
    ),
    Type.Object({ type: Type.Literal('sms'), ...extra, ...common, settings: SmsSettings, secrets: Type.Optional(SmsSecretsInput) }, closed),
    Type.Object(
      { type: Type.Literal('webhook'), ...extra, ...common, settings: WebhookSettings, secrets: Type.Optional(WebhookSecretsInput) },
      closed,
    ),
  ] as const;

/** PUT: the type must be the channel's own (a channel does not change type). */
export const ChannelInput = Type.Union([...variants({})]);
export type ChannelInput = Static<typeof ChannelInput>;
export const NewChannel = Type.Union([...variants({ id: ChannelId })]);
export type NewChannel = Static<typeof NewChannel>;

const base = {
  id: Type.String(),
  name: Type.String(),
  state: Type.Enum([...CHANNEL_STATES]),
  description: Nullable(Type.String()),
  maxAttempts: Type.Integer(),
  /** The inbox channel: neither edited, disabled nor deleted. */
  builtIn: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};
export const Channel = Type.Union([
  Type.Object({ type: Type.Literal('inApp'), ...base, settings: Type.Object({}), secrets: Type.Object({}) }),
  Type.Object({ type: Type.Literal('email'), ...base, settings: EmailSettings, secrets: Type.Object({ password: Type.Boolean() }) }),
  Type.Object({ type: Type.Literal('sms'), ...base, settings: SmsSettings, secrets: Type.Object({ headers: Type.Array(Type.String()) }) }),
  Type.Object({
    type: Type.Literal('webhook'),
    ...base,
    settings: WebhookSettings,
    secrets: Type.Object({ signingSecret: Type.Boolean() }),
    /** Only in the create answer, when the server generated it: shown this once. */
    signingSecret: Type.Optional(Type.String()),
  }),
]);
export type Channel = Static<typeof Channel>;

export const ChannelQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(Type.Enum([...CHANNEL_TYPES])),
  state: Type.Optional(Type.Enum([...CHANNEL_STATES])),
});
export type ChannelQuery = Static<typeof ChannelQuery>;

export const SimpleChannel = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum([...CHANNEL_TYPES]),
  state: Type.Enum([...CHANNEL_STATES]),
});
export type SimpleChannel = Static<typeof SimpleChannel>;

/** A test message: to an email address (email) or a phone number (sms); a webhook posts to its own URL. */
export const ChannelTestBody = Type.Object(
  {
    address: Type.Optional(Type.String({ minLength: 1, maxLength: 254, pattern: '^[^\\s]+$' })),
    subject: Type.Optional(HeaderText(200)),
    content: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  closed,
);
export type ChannelTestBody = Static<typeof ChannelTestBody>;
export const ChannelTestResult = Type.Object({ delivered: Type.Literal(true), idempotencyKey: Type.String() });
export type ChannelTestResult = Static<typeof ChannelTestResult>;

export const RotatedSecret = Type.Object({ signingSecret: Type.String({ description: 'Shown this once' }) });
export type RotatedSecret = Static<typeof RotatedSecret>;

const tags = ['message channels'];
const path = `${MESSAGE_ENGINE_PREFIX}/v1/channels`;
const gated = { access: 'gated', tags } as const;
const one = { ...gated, params: ChannelIdParams } as const;

export const channelEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Channels, paged, by keyword (id, name), type and state',
    query: ChannelQuery,
    responses: { 200: Page(Channel), ...errorResponses(400) },
  }),
  simpleList: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/simple/list`,
    summary: 'Every channel: id, name, type and state (for pickers)',
    responses: { 200: Type.Array(SimpleChannel) },
  }),
  get: endpoint({
    ...one,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One channel',
    responses: { 200: Channel, ...errorResponses(400, 404) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a channel (disabled until started); a webhook without a signing secret gets one, answered this once',
    body: NewChannel,
    responses: { 200: Channel, ...errorResponses(400, 409) },
  }),
  update: endpoint({
    ...one,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a channel (not its type; not the built-in inbox); secrets left out are kept',
    body: ChannelInput,
    responses: { 200: Channel, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...one,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a channel no template uses and no message was sent on (409 naming them); not the inbox',
    responses: { 200: Ok, ...errorResponses(400, 404, 409) },
  }),
  start: endpoint({
    ...one,
    method: 'PATCH',
    path: `${path}/{id}/state`,
    summary: 'Starts a channel: messages go out on it',
    responses: { 200: Channel, ...errorResponses(400, 404) },
  }),
  disable: endpoint({
    ...one,
    method: 'DELETE',
    path: `${path}/{id}/state`,
    summary:
      'Disables a channel: deliveries on it fail until it is started again (not the inbox; not the last started SMS channel while SMS-code sign-in is on: 409)',
    responses: { 200: Channel, ...errorResponses(400, 404, 409) },
  }),
  idTaken: endpoint({
    ...gated,
    method: 'HEAD',
    path: `${path}/id/{id}`,
    summary: 'Whether a channel id is taken (200) or free (404)',
    params: ChannelIdParams,
    responses: { 200: Type.Null(), ...errorResponses(400, 404) },
  }),
  nameTaken: endpoint({
    ...gated,
    method: 'HEAD',
    path: `${path}/name/{name}`,
    summary: 'Whether a channel name is taken (200) or free (404)',
    params: ChannelNameParams,
    responses: { 200: Type.Null(), ...errorResponses(400, 404) },
  }),
  test: endpoint({
    ...one,
    method: 'POST',
    path: `${path}/{id}/test`,
    summary: "Sends a test message on the channel as configured (started or not); 502 with the provider's answer when it fails",
    body: ChannelTestBody,
    responses: { 200: ChannelTestResult, ...errorResponses(400, 404, 429, 502) },
  }),
  rotateSecret: endpoint({
    ...one,
    method: 'POST',
    path: `${path}/{id}/secret`,
    summary: "Replaces a webhook channel's signing secret with a new one, answered this once",
    responses: { 200: RotatedSecret, ...errorResponses(400, 404) },
  }),
};
