import {
  IN_APP_CHANNEL_ID,
  type Channel,
  type ChannelInput,
  type ChannelQuery,
  type ChannelState,
  type NewChannel,
  type PageOf,
  type SimpleChannel,
} from '@portal/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { referencedAsConflict, uniqueAsConflict } from '../../../platform/db/errors.ts';
import { transaction, type Tx } from '../../../platform/db/transaction.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import { randomToken } from '../../../platform/crypto.ts';
import { containing, orderOf, pageOf, pageWindow } from '../../../platform/paging.ts';
import { messageChannels, messageContents, messageTemplates } from '../tables.ts';
import { channelValues } from './input.ts';
import { sealSecrets, secretsOrNone, toChannel, type ChannelRow, type SecretSealer } from './stored.ts';

/** Published after every committed change to a channel, its id as the payload: the senders' caches follow it on every instance. */
export const CHANNELS_CHANGED_TOPIC = 'message-engine.channels.changed';

const THE = 'The channel';
const TARGET = 'message-channel';
const builtIn = (what: string) =>
  badRequest(`The in-app channel is built in: it cannot be ${what}`, { field: 'id', channelId: IN_APP_CHANNEL_ID });

/** Channels: listed, saved with their credentials sealed, started and disabled, each change audited without a secret. */
export function createChannelStore(db: Db, box: SecretSealer) {
  const view = (row: ChannelRow) => toChannel(box, row);

  async function find(from: Db, id: string, lock = false): Promise<ChannelRow> {
    const query = from.select().from(messageChannels).where(eq(messageChannels.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(THE);
    return row;
  }

  /** A change to one channel: audited, its event after the commit. */
  function changing<T>(
    actor: AuditActor,
    id: string,
    action: string,
    work: (tx: Tx) => Promise<{ before?: ChannelRow; after?: ChannelRow; answer: T }>,
  ) {
    return transaction(db, async (tx) => {
      const { before, after, answer } = await work(tx);
      await recordAudit(tx, actor, {
        action: `message-channels.${action}`,
        targetType: TARGET,
        targetId: id,
        ...(before ? { before: view(before) } : {}),
        ...(after ? { after: view(after) } : {}),
      });
      tx.afterCommit(CHANNELS_CHANGED_TOPIC, id);
      return answer;
    });
  }

  async function page(query: ChannelQuery): Promise<PageOf<Channel>> {
    const window = pageWindow(query);
    const where = and(
      query.keyword
        ? or(ilike(messageChannels.id, containing(query.keyword)), ilike(messageChannels.name, containing(query.keyword)))
        : undefined,
      query.type ? eq(messageChannels.type, query.type) : undefined,
      query.state ? eq(messageChannels.state, query.state) : undefined,
    );
    const sortable = {
      name: messageChannels.name,
      type: messageChannels.type,
      state: messageChannels.state,
      createdAt: messageChannels.createdAt,
    };
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(messageChannels)
        .where(where)
        .orderBy(...orderOf(query, sortable, [asc(messageChannels.createdAt)], messageChannels.id))
        .limit(window.size)
        .offset(window.offset),
      db.select({ count: count() }).from(messageChannels).where(where),
    ]);
    return pageOf(rows.map(view), total?.count ?? 0, window);
  }

  const simpleList = (): Promise<SimpleChannel[]> =>
    db
      .select({ id: messageChannels.id, name: messageChannels.name, type: messageChannels.type, state: messageChannels.state })
      .from(messageChannels)
      .orderBy(asc(messageChannels.createdAt), asc(messageChannels.id));

  const taken = async (column: typeof messageChannels.id | typeof messageChannels.name, value: string) =>
    (await db.select({ id: messageChannels.id }).from(messageChannels).where(eq(column, value)).limit(1)).length > 0;

  async function create(actor: AuditActor, input: NewChannel): Promise<Channel> {
    if (await taken(messageChannels.id, input.id))
      throw new AppError('CONFLICT', `A channel with the id ${input.id} already exists`, { field: 'id' });
    const { values, secrets, generated } = channelValues(input);
    const created = await uniqueAsConflict(
      () =>
        changing(actor, input.id, 'create', async (tx) => {
          const [row] = await tx
            .insert(messageChannels)
            .values({ id: input.id, ...values, secretsSealed: sealSecrets(box, input.id, secrets) })
            .returning();
          if (!row) throw new Error('channel insert returned nothing');
          return { after: row, answer: view(row) };
        }),
      'A channel',
    );
    // The generated signing secret is answered this once (never audited, never answered again).
    return generated && created.type === 'webhook' ? { ...created, signingSecret: generated } : created;
  }

  async function update(actor: AuditActor, id: string, input: ChannelInput): Promise<Channel> {
    return uniqueAsConflict(
      () =>
        changing(actor, id, 'update', async (tx) => {
          const before = await find(tx, id, true);
          if (before.id === IN_APP_CHANNEL_ID) throw builtIn('edited');
          if (input.type !== before.type) throw badRequest(`A channel keeps its type: this one is ${before.type}`, { field: 'type' });
          const { values, secrets } = channelValues(input, { ...before, secrets: secretsOrNone(box, before) });
          const [after] = await tx
            .update(messageChannels)
            .set({ ...values, secretsSealed: sealSecrets(box, id, secrets), updatedAt: new Date() })
            .where(eq(messageChannels.id, id))
            .returning();
          if (!after) throw new Error('channel update returned nothing');
          return { before, after, answer: view(after) };
        }),
      'A channel',
    );
  }

  /** A channel a template names, or that messages were sent on, stays (409 saying which). */
  async function assertDeletable(tx: Db, id: string): Promise<void> {
    const templates = await tx
      .select({ id: messageTemplates.id, name: messageTemplates.name })
      .from(messageTemplates)
      .where(eq(messageTemplates.channelId, id))
      .orderBy(asc(messageTemplates.name));
    if (templates.length > 0) {
      const names = templates.slice(0, 5).map((template) => template.name);
      throw new AppError(
        'CONFLICT',
        `The channel is used by the template(s) ${names.join(', ')}${templates.length > 5 ? ', …' : ''}: change or delete them first`,
        {
          templates,
        },
      );
    }
    const [sent] = await tx.select({ count: count() }).from(messageContents).where(eq(messageContents.channelId, id));
    if (sent && sent.count > 0) {
      throw new AppError('CONFLICT', `${sent.count} message(s) were sent on this channel: disable it instead`, { messages: sent.count });
    }
  }

  async function remove(actor: AuditActor, id: string): Promise<{ ok: true }> {
    if (id === IN_APP_CHANNEL_ID) throw builtIn('deleted');
    await referencedAsConflict(
      () =>
        changing(actor, id, 'delete', async (tx) => {
          const before = await find(tx, id, true);
          await assertDeletable(tx, id);
          await tx.delete(messageChannels).where(eq(messageChannels.id, id));
          return { before, answer: undefined };
        }),
      'The channel is in use by a template or a sent message: disable it instead',
    );
    return { ok: true };
  }

  async function setState(actor: AuditActor, id: string, state: ChannelState): Promise<Channel> {
    if (id === IN_APP_CHANNEL_ID && state === 'disabled') throw builtIn('disabled');
    const current = await find(db, id);
    if (current.state === state) return view(current);
    return changing(actor, id, 'state.update', async (tx) => {
      const before = await find(tx, id, true);
      const [after] = await tx.update(messageChannels).set({ state, updatedAt: new Date() }).where(eq(messageChannels.id, id)).returning();
      if (!after) throw new Error('channel update returned nothing');
      return { before, after, answer: view(after) };
    });
  }

  /** A webhook channel's new signing secret, answered this once. */
  async function rotateSecret(actor: AuditActor, id: string): Promise<{ signingSecret: string }> {
    const signingSecret = randomToken(32);
    return changing(actor, id, 'secret.rotate', async (tx) => {
      const before = await find(tx, id, true);
      if (before.type !== 'webhook') throw badRequest('Only a webhook channel has a signing secret', { field: 'id' });
      const secretsSealed = sealSecrets(box, id, { ...secretsOrNone(box, before), signingSecret });
      const [after] = await tx
        .update(messageChannels)
        .set({ secretsSealed, updatedAt: new Date() })
        .where(eq(messageChannels.id, id))
        .returning();
      return { before, after, answer: { signingSecret } };
    });
  }

  return {
    page,
    simpleList,
    get: async (id: string) => view(await find(db, id)),
    find: (id: string) => find(db, id),
    idTaken: (id: string) => taken(messageChannels.id, id),
    nameTaken: (name: string) => taken(messageChannels.name, name.trim()),
    create,
    update,
    remove,
    setState,
    rotateSecret,
  };
}

export type ChannelStore = ReturnType<typeof createChannelStore>;
