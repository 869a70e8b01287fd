import { Type, type Static } from 'typebox';
import { MessageSource, NoticeEntry, Recipients, SOURCE_MAX_LENGTH } from '../inside-messages.ts';
import { Nullable, PageQuery, Timestamp } from '../paging.ts';

/** Messages (message-engine, spec §7 "Messages"): sends, their receivers per channel, and every delivery attempt. */

export const RECEIVER_STATES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type ReceiverState = (typeof RECEIVER_STATES)[number];
export const SKIP_REASONS = ['muted', 'noAddress'] as const;
export const TARGET_TYPES = ['user', 'group', 'role', 'organization'] as const;

const ChannelId = Type.String({ minLength: 1, maxLength: 64 });
/** Template variables: plain JSON values, bounded in size by the body limit and in depth by the input guard. */
const Variables = Type.Object({}, { additionalProperties: true, maxProperties: 200 });

/**
 * POST /common/notify. Either templates (each renders on its own channel, with `variables`) or raw
 * content (`title` and `content` on `channelIds`, default the inbox). Receivers default to the
 * templates' own. The same `idempotencyKey` from the same sender is the same message: sent once.
 */
export const NotifyBody = Type.Object({
  templateIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 4, uniqueItems: true })),
  variables: Type.Optional(Variables),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
  content: Type.Optional(Type.String({ maxLength: 20000 })),
  channelIds: Type.Optional(Type.Array(ChannelId, { minItems: 1, maxItems: 4, uniqueItems: true })),
  classificationId: Type.Optional(Type.String({ format: 'uuid' })),
  /** Set by the server from the sender (userSource): a request may leave it out or give that same value; any other is a 400. */
  source: Type.Optional(MessageSource),
  notice: Type.Optional(Type.Array(NoticeEntry, { maxItems: 3 })),
  to: Type.Optional(Recipients),
  idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' })),
});
export type NotifyBody = Static<typeof NotifyBody>;

/** The message, how many people it reached, and whether this call repeated an earlier one (same key). */
export const NotifyResult = Type.Object({ id: Type.String(), recipients: Type.Integer(), replayed: Type.Boolean() });
export type NotifyResult = Static<typeof NotifyResult>;

/** Receivers of one channel by state. */
export const StateCounts = Type.Object({
  total: Type.Integer(),
  pending: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer(),
});
export type StateCounts = Static<typeof StateCounts>;

export const MessageSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  source: Type.String(),
  classificationId: Nullable(Type.String()),
  classificationName: Nullable(Type.String()),
  senderName: Nullable(Type.String()),
  channelIds: Type.Array(Type.String()),
  counts: StateCounts,
  createdAt: Timestamp,
});
export type MessageSummary = Static<typeof MessageSummary>;

/** GET /messages/v1/messages */
export const MessageQuery = Type.Object({
  ...PageQuery.properties,
  channelId: Type.Optional(ChannelId),
  classificationId: Type.Optional(Type.String({ format: 'uuid' })),
  source: Type.Optional(Type.String({ maxLength: SOURCE_MAX_LENGTH })),
  /** Messages with at least one receiver in this state. */
  state: Type.Optional(Type.Enum([...RECEIVER_STATES])),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
});
export type MessageQuery = Static<typeof MessageQuery>;

export const MessageContent = Type.Object({
  channelId: Type.String(),
  channelName: Type.String(),
  channelType: Type.String(),
  templateId: Nullable(Type.String()),
  subject: Type.String(),
  body: Type.String(),
  format: Type.Enum(['text', 'html']),
});

export const MessageDetail = Type.Object({
  ...MessageSummary.properties,
  notice: Type.Array(NoticeEntry),
  variables: Type.Object({}, { additionalProperties: true }),
  contents: Type.Array(MessageContent),
});
export type MessageDetail = Static<typeof MessageDetail>;

/** GET /v1/messages/channels/records: deliveries per channel over a period. */
export const ChannelRecordQuery = Type.Object({ from: Type.Optional(Timestamp), to: Type.Optional(Timestamp) });
export const ChannelRecord = Type.Object({
  channelId: Type.String(),
  channelName: Type.String(),
  channelType: Type.String(),
  messages: Type.Integer(),
  counts: StateCounts,
});
export type ChannelRecord = Static<typeof ChannelRecord>;

/** GET /v1/messages/{id}/receivers/channel */
export const ChannelCounts = Type.Object({ channelId: Type.String(), channelName: Type.String(), counts: StateCounts });
export type ChannelCounts = Static<typeof ChannelCounts>;

/** GET /v1/messages/{id}/receivers/objectType: what the sender named and how many people each reached. */
export const MessageTarget = Type.Object({
  objectType: Type.Enum([...TARGET_TYPES]),
  objectId: Type.String(),
  name: Type.String(),
  reached: Type.Integer(),
});
export type MessageTarget = Static<typeof MessageTarget>;

/** One person on one channel. */
export const MessageReceiver = Type.Object({
  id: Type.Integer(),
  channelId: Type.String(),
  userId: Nullable(Type.String()),
  userName: Type.String(),
  address: Nullable(Type.String()),
  state: Type.Enum([...RECEIVER_STATES]),
  skipReason: Nullable(Type.Enum([...SKIP_REASONS])),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  /** When a pending delivery is next tried (after a failure, its backoff). */
  nextAttemptAt: Nullable(Timestamp),
  deliveredAt: Nullable(Timestamp),
});
export type MessageReceiver = Static<typeof MessageReceiver>;

/** GET /v1/messages/{id}/receivers */
export const ReceiverQuery = Type.Object({
  ...PageQuery.properties,
  channelId: Type.Optional(ChannelId),
  state: Type.Optional(Type.Enum([...RECEIVER_STATES])),
});
export type ReceiverQuery = Static<typeof ReceiverQuery>;

/** GET /v1/messages/{id}/receivers/list: one row per person, with their state on every channel. */
export const ReceiverPerson = Type.Object({
  userId: Nullable(Type.String()),
  userName: Type.String(),
  channels: Type.Array(Type.Object({ channelId: Type.String(), receiverId: Type.Integer(), state: Type.Enum([...RECEIVER_STATES]) })),
});
export type ReceiverPerson = Static<typeof ReceiverPerson>;

export const MessageReceiverParams = Type.Object({ id: Type.String({ format: 'uuid' }), receiverId: Type.Integer({ minimum: 1 }) });

/** POST /v1/messages/{id}/receivers/retry: the failed ones named, or every failed one of the message. */
export const RetryBody = Type.Union([
  Type.Object({ receiverIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000, uniqueItems: true }) }),
  Type.Object({ allFailed: Type.Literal(true) }),
]);
export type RetryBody = Static<typeof RetryBody>;
export const RetryResult = Type.Object({ retried: Type.Integer() });

/** GET /v1/messages/{id}/receivers/{receiverId}/logs: every attempt of a delivery. */
/**
 * How an attempt ended: accepted, refused, or cut off by a crash before its answer was recorded
 * ('expired': the provider may or may not have it). Null while it runs, or when the portal stopped
 * during it and no later attempt has closed it yet.
 */
export const DELIVERY_OUTCOMES = ['succeeded', 'failed', 'expired'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export const DeliveryAttempt = Type.Object({
  attempt: Type.Integer(),
  startedAt: Timestamp,
  finishedAt: Nullable(Timestamp),
  outcome: Nullable(Type.Enum([...DELIVERY_OUTCOMES])),
  error: Nullable(Type.String()),
});
export type DeliveryAttempt = Static<typeof DeliveryAttempt>;
