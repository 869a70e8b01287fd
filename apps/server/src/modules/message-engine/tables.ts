import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CHANNEL_STATES,
  CHANNEL_TYPES,
  DELIVERY_OUTCOMES,
  RECEIVER_STATES,
  SKIP_REASONS,
  TARGET_TYPES,
  type NoticeEntry,
  type Recipients,
} from '@portal/contracts';
import { userReference } from '../permission/references.ts';

/** The kinds and states of a channel are declared in the contracts; kept reachable from here for the module's code. */
export { CHANNEL_STATES, CHANNEL_TYPES, type ChannelType } from '@portal/contracts';
import { createdAtColumn, idColumn, instant } from '../../platform/db/columns.ts';

/** message-engine's tables. */
export const insideMessages = pgTable('inside_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** Which module or feature sent it (e.g. 'system', 'approver'). */
  source: text('source').notNull(),
  /** Which application (and menu) a click on the message opens. */
  notice: jsonb('notice')
    .$type<NoticeEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  senderId: uuid('sender_id').references(userReference, { onDelete: 'set null' }),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const insideMessageRecipients = pgTable(
  'inside_message_recipients',
  {
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => insideMessages.id, { onDelete: 'cascade' }),
    /** The message's creation time, copied here so an inbox is read newest first from one index. */
    deliveredAt: instant('delivered_at').notNull(),
    readAt: instant('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    // A user's inbox, newest first (the id breaks ties, as the list orders by it too).
    index('inside_message_recipients_inbox_idx').on(t.userId, t.deliveredAt.desc(), t.messageId.desc()),
    // The bell: the unread count and the newest unread messages touch unread rows only.
    index('inside_message_recipients_unread_idx')
      .on(t.userId, t.deliveredAt.desc())
      .where(sql`${t.readAt} is null`),
    index('inside_message_recipients_message_idx').on(t.messageId),
  ],
);

/**
 * A channel (types and states: packages/contracts message-engine/channels.ts; `inApp` is the inbox
 * and needs no settings): how messages leave (an SMTP server, an SMS gateway, a webhook). Its id and name are
 * chosen by the administrator (spec §5: HEAD checks on both). `settings` holds what may be shown;
 * every credential (SMTP password, gateway keys, the webhook's signing secret) is in `secretsSealed`
 * (AES-256-GCM, bound to the channel id) and never leaves the server.
 */
export const messageChannels = pgTable(
  'message_channels',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: CHANNEL_TYPES }).notNull(),
    state: text('state', { enum: CHANNEL_STATES }).notNull().default('disabled'),
    description: text('description'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    secretsSealed: text('secrets_sealed'),
    /** Failed attempts after which a delivery on this channel stops and shows as failed. */
    maxAttempts: integer('max_attempts').notNull().default(5),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_channels_name_unique').on(t.name),
    check('message_channels_max_attempts', sql`${t.maxAttempts} between 1 and 20`),
  ],
);

/** What messages are about (orders, approvals, security…): users mute a classification per channel type. */
export const messageClassifications = pgTable(
  'message_classifications',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_classifications_code_unique').on(t.code), uniqueIndex('message_classifications_name_unique').on(t.name)],
);

/** A declared template variable: its name, what it means, and the sample value previews render with. */
export interface TemplateVariable {
  name: string;
  description?: string;
  sample?: unknown;
}

/**
 * A message template for one channel: subject and body in Liquid, every variable declared (checked
 * at save time), and the receivers a send reaches when it names none.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    channelId: text('channel_id')
      .notNull()
      .references(() => messageChannels.id, { onDelete: 'restrict' }),
    classificationId: uuid('classification_id').references(() => messageClassifications.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** How the body is written: 'html' (email only; variables escaped) or 'text'. */
    format: text('format', { enum: ['text', 'html'] })
      .notNull()
      .default('text'),
    variables: jsonb('variables').$type<TemplateVariable[]>().notNull().default([]),
    receivers: jsonb('receivers').$type<Recipients>().notNull().default({}),
    description: text('description'),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_templates_name_unique').on(t.name), index('message_templates_channel_idx').on(t.channelId)],
);

/**
 * A sent message: what was asked (templates or raw content, variables, receivers as named) and who
 * asked. `idempotencyKey` is unique per sender: the same key sent twice is this one message.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    title: text('title').notNull(),
    source: text('source').notNull().default('system'),
    classificationId: uuid('classification_id').references(() => messageClassifications.id, { onDelete: 'set null' }),
    senderId: uuid('sender_id').references(userReference, { onDelete: 'set null' }),
    /** Who the key belongs to: the sender's id, or 'system'. */
    idempotencyScope: text('idempotency_scope').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** The receivers as the sender named them (users, groups, roles, organisations). */
    named: jsonb('named').$type<Recipients>().notNull().default({}),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    /** Which application (and menu) a click on the in-app copy opens. */
    notice: jsonb('notice')
      .$type<NoticeEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** How many people the receivers named reached (each once, whatever the channels). */
    recipients: integer('recipients').notNull().default(0),
    /** The in-app copy in the inbox tables, when the message went in-app. */
    insideMessageId: uuid('inside_message_id').references(() => insideMessages.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('messages_idempotency_unique').on(t.idempotencyScope, t.idempotencyKey),
    index('messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** What one channel carries of a message: rendered once at send time from its template (or the raw content). */
export const messageContents = pgTable(
  'message_contents',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => messageChannels.id, { onDelete: 'restrict' }),
    templateId: text('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    format: text('format', { enum: ['text', 'html'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.channelId] })],
);

/** Each object the sender named (a user, group, role or organisation), with how many people it reached. */
export const messageTargets = pgTable(
  'message_targets',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    objectType: text('object_type', { enum: TARGET_TYPES }).notNull(),
    objectId: uuid('object_id').notNull(),
    name: text('name').notNull(),
    reached: integer('reached').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.objectType, t.objectId] })],
);

/**
 * One person on one channel of a message, expanded at send time. In-app receivers are delivered in
 * the send's transaction. The others are delivered in batches: `jobId` is the batch's job
 * (platform/jobs), shared by up to a batch of the same message and channel; the row's own `state`,
 * `attempts` and `lastError` are this person's. A receiver still pending when its batch's job is
 * parked has failed. Skipped ones (muted, no address) have no job.
 */
export const messageReceivers = pgTable(
  'message_receivers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    userId: uuid('user_id').references(userReference, { onDelete: 'set null' }),
    /** The name and address at send time (an email address, a phone number, the webhook's user id). */
    userName: text('user_name').notNull(),
    address: text('address'),
    /** Set when no job delivers it: 'delivered' (in-app) or 'skipped'; the job's status otherwise. */
    state: text('state', { enum: RECEIVER_STATES }).notNull(),
    skipReason: text('skip_reason', { enum: SKIP_REASONS }),
    jobId: uuid('job_id'),
    /** Attempts at delivering to this person (each is in message_delivery_attempts). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    uniqueIndex('message_receivers_unique').on(t.messageId, t.channelId, t.userId),
    index('message_receivers_user_idx').on(t.userId),
    index('message_receivers_job_idx').on(t.jobId),
  ],
);

/**
 * Every attempt at delivering to one receiver: when, how it ended, and the provider's refusal. An
 * attempt is written when it starts, before the provider may accept it, and finished when it
 * answers: one still open (no outcome) was cut off by a crash, and the next attempt closes it as
 * 'expired' (delivered or not, nobody knows).
 */
export const messageDeliveryAttempts = pgTable(
  'message_delivery_attempts',
  {
    receiverId: bigint('receiver_id', { mode: 'number' })
      .notNull()
      .references(() => messageReceivers.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    outcome: text('outcome', { enum: DELIVERY_OUTCOMES }),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.receiverId, t.attempt] })],
);

/** A user's muted classifications per channel type (email and SMS; in-app always arrives). */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    classificationId: uuid('classification_id')
      .notNull()
      .references(() => messageClassifications.id, { onDelete: 'cascade' }),
    channelType: text('channel_type', { enum: ['email', 'sms'] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.classificationId, t.channelType] })],
);
