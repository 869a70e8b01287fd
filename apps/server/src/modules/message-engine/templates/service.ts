import type { MessageTemplate, MessageTemplateInput, MessageTemplateQuery, TemplateVariable } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction, type Tx } from '../../../platform/db/transaction.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { defineResource, kept } from '../../../platform/resource/resource.ts';
import { messageChannels, messageClassifications, messageTemplates, type TemplateVariable as StoredVariable } from '../tables.ts';
import { checkTemplate } from './check.ts';

/** Published after every committed change to the templates. */
export const TEMPLATES_CHANGED_TOPIC = 'message-engine.templates.changed';

/** A create carries the id the administrator chose; an edit keeps the row's. */
export type TemplateWrite = MessageTemplateInput & { id?: string };

type Row = typeof messageTemplates.$inferSelect;
interface Listed {
  template: Row;
  channelName: string;
  channelType: string;
  classificationName: string | null;
}

const toDto = ({ template, channelName, channelType, classificationName }: Listed): MessageTemplate => ({
  ...template,
  channelName,
  channelType,
  classificationName,
  createdAt: template.createdAt.toISOString(),
  updatedAt: template.updatedAt.toISOString(),
});

/** Declarations as stored: no null description, no absent sample. */
const stored = (variables: readonly TemplateVariable[]): StoredVariable[] =>
  variables.map(({ name, description, sample }) => ({
    name,
    ...(description ? { description } : {}),
    ...(sample === undefined ? {} : { sample }),
  }));

/** Channel types whose messages carry a subject (the mail's, the inbox title). */
const SUBJECT_REQUIRED = new Set(['email', 'inApp']);

/**
 * Refuses a template its channel cannot carry, or naming rows that do not exist, or whose Liquid
 * does not parse or uses a variable it does not declare (checkTemplate).
 */
async function assertWritable(tx: Db, input: TemplateWrite): Promise<void> {
  if (input.id !== undefined) {
    const [taken] = await tx.select({ id: messageTemplates.id }).from(messageTemplates).where(eq(messageTemplates.id, input.id));
    if (taken) throw new AppError('CONFLICT', `A message template with the id ${input.id} already exists`, { field: 'id' });
  }
  const [channel] = await tx.select({ type: messageChannels.type }).from(messageChannels).where(eq(messageChannels.id, input.channelId));
  if (!channel) throw badRequest(`The channel ${input.channelId} does not exist`, { field: 'channelId', channelId: input.channelId });
  if (input.classificationId) {
    const [found] = await tx
      .select({ id: messageClassifications.id })
      .from(messageClassifications)
      .where(eq(messageClassifications.id, input.classificationId));
    if (!found) throw badRequest(`The classification ${input.classificationId} does not exist`, { field: 'classificationId' });
  }
  const format = input.format ?? 'text';
  if (format === 'html' && channel.type !== 'email') {
    throw badRequest(`An HTML body is for email channels only; ${input.channelId} is a ${channel.type} channel`, { field: 'format' });
  }
  const subject = input.subject ?? '';
  if (SUBJECT_REQUIRED.has(channel.type) && subject.trim() === '') {
    throw badRequest(`A template for a ${channel.type} channel needs a subject`, { field: 'subject' });
  }
  checkTemplate({ subject, body: input.body, format, variables: input.variables ?? [] });
}

/**
 * Message templates: a plain resource whose id is chosen, checked on every write. An edit replaces
 * the Liquid parts and declarations (absent ones are the defaults, so what is checked is what is
 * stored); the classification and description keep their value when absent. Default receivers
 * change through their own call.
 */
const defineTemplates = (db: Db) =>
  defineResource<typeof messageTemplates, MessageTemplate, TemplateWrite, MessageTemplateQuery>({
    table: messageTemplates,
    noun: 'message template',
    read: {
      select: (from, where) =>
        from
          .select({
            template: messageTemplates,
            channelName: messageChannels.name,
            channelType: messageChannels.type,
            classificationName: messageClassifications.name,
          })
          .from(messageTemplates)
          .innerJoin(messageChannels, eq(messageChannels.id, messageTemplates.channelId))
          .leftJoin(messageClassifications, eq(messageClassifications.id, messageTemplates.classificationId))
          .where(where)
          .$dynamic(),
      toDto: toDto as (row: never) => MessageTemplate,
      sortable: {
        id: messageTemplates.id,
        name: messageTemplates.name,
        channelId: messageTemplates.channelId,
        createdAt: messageTemplates.createdAt,
        updatedAt: messageTemplates.updatedAt,
      },
      defaultOrder: [asc(messageTemplates.name)],
      keyword: [messageTemplates.id, messageTemplates.name, messageTemplates.subject],
      filters: (query) => [
        query.channelId ? eq(messageTemplates.channelId, query.channelId) : undefined,
        query.classificationId ? eq(messageTemplates.classificationId, query.classificationId) : undefined,
      ],
    },
    write: {
      values: (input, before) => ({
        ...(input.id === undefined ? {} : { id: input.id }),
        name: input.name.trim(),
        channelId: input.channelId,
        classificationId: kept(input.classificationId, before?.classificationId),
        subject: input.subject ?? '',
        body: input.body,
        format: input.format ?? 'text',
        variables: stored(input.variables ?? []),
        description: kept(input.description, before?.description),
      }),
      check: assertWritable,
    },
    change: (_actor, work) => transaction(db, work),
    changedTopic: TEMPLATES_CHANGED_TOPIC,
  });

/** The templates as the routes use them. */
export function templateResource(db: Db) {
  const resource = defineTemplates(db);
  // The edit's schema has no id, but a body may still carry one (extra properties are kept): never a new key.
  return {
    ...resource,
    update: (from: Db, actor: AuditActor, id: string, input: TemplateWrite) =>
      resource.update(from, actor, id, { ...input, id: undefined }),
  };
}

/** Whether a template has this value in a unique column (the HEAD checks). */
export async function isTaken(db: Db | Tx, column: 'id' | 'name', value: string): Promise<boolean> {
  const [row] = await db.select({ id: messageTemplates.id }).from(messageTemplates).where(eq(messageTemplates[column], value)).limit(1);
  return row !== undefined;
}
