import type { NotifyBody, Recipients } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { RecipientIds } from '../../permission/index.ts';
import { messageChannels } from '../tables.ts';
import { draftsOfTemplates } from '../templates/drafts.ts';
import { recipientIdsOf } from './recipients.ts';

export type ChannelRow = typeof messageChannels.$inferSelect;

/** What one channel carries: rendered once, at send time. */
export interface Draft {
  channelId: string;
  templateId: string | null;
  subject: string;
  body: string;
  format: 'text' | 'html';
  /** The template's default receivers and classification, when it has them. */
  receivers?: Recipients;
  classificationId?: string | null;
}

export interface SendPlan {
  title: string;
  contents: (Draft & { channel: ChannelRow })[];
  ids: RecipientIds;
  classificationId: string | null;
}

/** The channels named, each of them existing and started; a 404 or 409 naming the ones that are not. */
async function startedChannels(db: Db, channelIds: string[]): Promise<Map<string, ChannelRow>> {
  const rows = await db.select().from(messageChannels).where(inArray(messageChannels.id, channelIds));
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = channelIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError('NOT_FOUND', `No such channel: ${missing.join(', ')}`, { field: 'channelIds', missing });
  const disabled = rows.filter((row) => row.state !== 'started').map((row) => row.id);
  if (disabled.length > 0) {
    throw new AppError('CONFLICT', `The channel is disabled: ${disabled.join(', ')}; start it first`, { field: 'channelIds', disabled });
  }
  return found;
}

/** Raw content: the title and content as given, on the channels named (the inbox by default). */
export function draftsOfContent(input: NotifyBody): Draft[] {
  if (input.title === undefined) throw badRequest('Name templates, or give a title (and content) to send', { field: 'title' });
  if (input.variables !== undefined)
    throw badRequest('Variables go with templates: raw content is sent as written', { field: 'variables' });
  return (input.channelIds ?? ['inApp']).map((channelId) => ({
    channelId,
    templateId: null,
    subject: input.title ?? '',
    body: input.content ?? '',
    format: 'text' as const,
  }));
}

/** What a send carries: its templates rendered with its variables, or its raw content, never both. */
export function draftsOf(db: Db, input: NotifyBody): Promise<Draft[]> | Draft[] {
  if (!input.templateIds) return draftsOfContent(input);
  if (input.title !== undefined || input.content !== undefined || input.channelIds !== undefined) {
    throw badRequest('Send templates or raw content (title, content, channelIds), not both', { field: 'templateIds' });
  }
  return draftsOfTemplates(db, input.templateIds, (input.variables ?? {}) as Record<string, unknown>);
}

const union = (lists: Recipients[]): Recipients => ({
  userIds: lists.flatMap((to) => to.userIds ?? []),
  groupIds: lists.flatMap((to) => to.groupIds ?? []),
  roleIds: lists.flatMap((to) => to.roleIds ?? []),
  orgIds: lists.flatMap((to) => to.orgIds ?? []),
});

/**
 * Checks a send before anything is written: one content per channel, every channel started, someone
 * to send to (the receivers named, else the templates' defaults).
 */
export async function planSend(db: Db, input: NotifyBody, drafts: Draft[]): Promise<SendPlan> {
  const channelIds = drafts.map((draft) => draft.channelId);
  const twice = channelIds.filter((id, index) => channelIds.indexOf(id) !== index);
  if (twice.length > 0)
    throw badRequest(`Two templates for the channel ${twice.join(', ')}: send one per channel`, { field: 'templateIds' });
  const channels = await startedChannels(db, channelIds);
  const ids = recipientIdsOf(input.to ?? union(drafts.flatMap((draft) => (draft.receivers ? [draft.receivers] : []))));
  if (Object.values(ids).every((list) => list.length === 0)) {
    throw badRequest('Name at least one receiver: users, groups, roles or organisations', { field: 'to' });
  }
  const first = drafts[0];
  if (!first) throw badRequest('Nothing to send', { field: 'templateIds' });
  return {
    title: first.subject || first.body.slice(0, 200) || first.channelId,
    contents: drafts.map((draft) => ({ ...draft, channel: channels.get(draft.channelId) as ChannelRow })),
    ids,
    classificationId: input.classificationId ?? drafts.find((draft) => draft.classificationId)?.classificationId ?? null,
  };
}
