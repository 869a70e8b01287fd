import type { InsideMessage, Recipients } from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  insideMessageRecipients,
  insideMessages,
  messageChannels,
  messageReceivers,
  messages as messageRecords,
  type ChannelType,
} from '../../src/modules/message-engine/tables.ts';
import { asSystem } from '../../src/platform/db/actor.ts';
import { users } from '../tables.ts';
import { sendInsideMessage, type InsideMessageInput } from '../../src/modules/message-engine/delivery/deliver.ts';
import { bearer, type TestApp } from '../app.ts';
import { makeUser, tokenOf } from './identity.ts';

/** Factories for the message-engine tests: messages sent through the real delivery function. */
export const MESSAGE_ENGINE = '/api/message-engine';

let sent = 0;
/** Sends an inside message (a unique title unless given) as another module does; `id` is its inbox copy's. */
export async function send(t: TestApp, to: Recipients, input: Partial<InsideMessageInput> = {}) {
  sent += 1;
  const title = input.title ?? `Message ${sent}`;
  const result = await sendInsideMessage(
    { db: t.database.db, people: t.app.modules.permission.people },
    { title, content: `Content of ${title}`, ...input, to },
  );
  return { id: result.insideMessageId ?? '', messageId: result.id, recipients: result.recipients, title };
}

/** A signed-in user and their inbox calls. */
export async function inboxUser(t: TestApp) {
  const user = await makeUser(t);
  const token = await tokenOf(t, user);
  const call = (method: InjectOptions['method'], path: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${MESSAGE_ENGINE}${path}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (query = '') => (await call('GET', `/v1/inside-messages${query}`)).json<{ list: InsideMessage[]; total: number }>();
  return { ...user, token, call, list };
}
export type InboxUser = Awaited<ReturnType<typeof inboxUser>>;

/** The users a message reached, by id. */
export async function recipientsOf(t: TestApp, messageId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ userId: insideMessageRecipients.userId })
    .from(insideMessageRecipients)
    .where(eq(insideMessageRecipients.messageId, messageId));
  return rows.map((row) => row.userId).sort();
}

/** How many messages and inbox rows exist: a refused call must leave both as they were. */
export async function messageCounts(t: TestApp) {
  const [messages] = await t.database.db.select({ n: count() }).from(insideMessages);
  const [rows] = await t.database.db.select({ n: count() }).from(insideMessageRecipients);
  const [records] = await t.database.db.select({ n: count() }).from(messageRecords);
  const [receivers] = await t.database.db.select({ n: count() }).from(messageReceivers);
  return { messages: messages?.n ?? 0, recipients: rows?.n ?? 0, records: records?.n ?? 0, receivers: receivers?.n ?? 0 };
}

/** A channel row as an administrator leaves it (started unless said), written straight to the table. */
export async function channelRow(t: TestApp, input: Partial<typeof messageChannels.$inferInsert> & { type: ChannelType }) {
  sent += 1;
  const id = input.id ?? `${input.type}-${sent}-${Date.now().toString(36)}`;
  const [row] = await t.database.db
    .insert(messageChannels)
    .values({ name: id, state: 'started', ...input, id })
    .returning();
  if (!row) throw new Error('channel insert failed');
  return row;
}

/** Gives users an email address and a phone number (or takes them away with null). */
export async function setContacts(t: TestApp, userId: string, contacts: { email?: string | null; phone?: string | null }) {
  await asSystem(t.database.db, (db) => db.update(users).set(contacts).where(eq(users.id, userId)));
}
