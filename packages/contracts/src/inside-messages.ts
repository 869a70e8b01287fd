import { Type, type Static } from 'typebox';
import { Nullable, PageQuery, Timestamp } from './paging.ts';

/** Inside messages (message-engine, spec §7): a user's inbox, and the notices that open an app. */

/** Keys of a message notice (spec §3): which application, and which of its menus, a click opens. */
export const NOTICE_KEYS = ['OS_APP_TYPE', 'OS_APP_ID', 'OS_MENU_ID'] as const;
export const NoticeEntry = Type.Object({ data: Type.Enum([...NOTICE_KEYS]), value: Type.String({ maxLength: 200 }) });
export type NoticeEntry = Static<typeof NoticeEntry>;

export const INSIDE_MESSAGE_STATES = ['unread', 'read'] as const;

/**
 * Who a message is from, as the inbox filters it: "system" and the modules' own names (e.g.
 * "approver") for the platform's messages; `user:<username>` for a person's send (POST
 * /common/notify), set by the server from the sender's account and never given by the sender.
 */
export const userSource = (username: string) => `user:${username}`;
/** The longest source: `user:` and a username of 64 characters. */
export const SOURCE_MAX_LENGTH = 69;
export const MessageSource = Type.String({ minLength: 1, maxLength: SOURCE_MAX_LENGTH });

export const InsideMessage = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  /** Who sent it (e.g. "system", "approver", "user:alice": userSource); the inbox filters by it. */
  source: Type.String(),
  notice: Type.Array(NoticeEntry),
  state: Type.Enum([...INSIDE_MESSAGE_STATES]),
  senderName: Nullable(Type.String()),
  createdAt: Timestamp,
  readAt: Nullable(Timestamp),
});
export type InsideMessage = Static<typeof InsideMessage>;

/** GET /v1/inside-messages */
export const InsideMessageQuery = Type.Object({
  ...PageQuery.properties,
  source: Type.Optional(Type.String({ maxLength: SOURCE_MAX_LENGTH })),
  state: Type.Optional(Type.Enum([...INSIDE_MESSAGE_STATES])),
});
export type InsideMessageQuery = Static<typeof InsideMessageQuery>;

const MessageIds = Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 1000, uniqueItems: true });
/** DELETE /v1/inside-messages and POST /v1/inside-messages/state/read: the caller's own messages only. */
export const InsideMessageIds = Type.Object({ ids: MessageIds });
/** POST /v1/inside-messages/state/read also accepts `{ all: true }`: every unread message of the caller. */
export const MarkReadBody = Type.Union([InsideMessageIds, Type.Object({ all: Type.Literal(true) })]);
/** Answer of DELETE /v1/inside-messages and POST /v1/inside-messages/state/read: the caller's unread count after the change. */
export const UnreadCount = Type.Object({ unread: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;

/** GET /v1/inside-messages/sources: the sources of the caller's messages, with unread counts. */
export const InsideMessageSource = Type.Object({ source: Type.String(), total: Type.Integer(), unread: Type.Integer() });

/** GET /v1/inside-messages/unread: the bell's count and the newest unread messages. */
export const UnreadSummary = Type.Object({ unread: Type.Integer(), latest: Type.Array(InsideMessage) });
export type UnreadSummary = Static<typeof UnreadSummary>;

/** Who an inside message goes to; users reached through several routes get it once. */
export const Recipients = Type.Object({
  userIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 10000 })),
  groupIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000 })),
  roleIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000 })),
  /** Members of these organisations and of every organisation below them. */
  orgIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000 })),
});
export type Recipients = Static<typeof Recipients>;

/**
 * GET /v1/inside-messages/stream (text/event-stream, Bearer auth, so read with fetch): an
 * `inside-message` event whose data is an InsideMessage plus the new unread count, whenever one
 * arrives for the caller; a comment line every 25 s keeps proxies from closing it.
 * The request's Accept must admit text/event-stream (fetch's default of any type does), else 406;
 * the server ends the stream when its access token expires or is revoked: reconnect with a fresh token.
 */
export const InsideMessageEvent = Type.Object({ message: InsideMessage, unread: Type.Integer() });
export type InsideMessageEvent = Static<typeof InsideMessageEvent>;
