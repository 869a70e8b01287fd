import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { messageChannels, messageTemplates, type ChannelType } from '../tables.ts';
import { checkTemplate, type CheckedTemplate, type TemplateSource } from './check.ts';
import { renderPart } from './engine.ts';

/** Parsed templates kept, most recently used last: delivery renders one template for many messages. */
const CACHE_SIZE = 500;
const compiled = new Map<string, CheckedTemplate>();

/** The cache key of a template version: its content (so an edit is a new entry, and equal templates share one). */
function versionOf(template: TemplateSource): string {
  const hash = createHash('sha256');
  for (const part of [template.format, template.subject, template.body, JSON.stringify(template.variables)]) {
    hash.update(part).update('\0');
  }
  return hash.digest('base64url');
}

/** The template parsed and checked once per version; later calls take it from the cache. */
export function compileTemplate(template: TemplateSource): CheckedTemplate {
  const key = versionOf(template);
  const cached = compiled.get(key);
  if (cached) {
    compiled.delete(key);
    compiled.set(key, cached);
    return cached;
  }
  const fresh = checkTemplate(template);
  compiled.set(key, fresh);
  if (compiled.size > CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  return fresh;
}

/** Renders both parts with these values (a value absent renders as nothing). */
export function renderTemplate(template: TemplateSource, values: Record<string, unknown>): { subject: string; body: string } {
  const parsed = compileTemplate(template);
  return {
    subject: renderPart('subject', template.format, parsed.subject, values),
    body: renderPart('body', template.format, parsed.body, values),
  };
}

/**
 * Renders a template for a message: every variable the template uses must be given (null counts as
 * given), else a 400 naming the missing ones. HTML bodies escape every value.
 */
export function renderForSend(template: TemplateSource, values: Record<string, unknown>): { subject: string; body: string } {
  const missing = compileTemplate(template).used.filter((name) => !Object.hasOwn(values, name) || values[name] === undefined);
  if (missing.length > 0) {
    throw badRequest(`The template needs the variable${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, {
      field: 'variables',
      missing,
    });
  }
  return renderTemplate(template, values);
}

export type TemplateRow = typeof messageTemplates.$inferSelect;
/** A template as delivery reads it: the row, with its channel's type and state. */
export type LoadedTemplate = TemplateRow & { channelType: ChannelType; channelState: 'started' | 'disabled' };

/** The templates with these ids that exist, with their channels' type and state (in no particular order). */
export async function loadTemplates(db: Db, ids: readonly string[]): Promise<LoadedTemplate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ template: messageTemplates, channelType: messageChannels.type, channelState: messageChannels.state })
    .from(messageTemplates)
    .innerJoin(messageChannels, eq(messageChannels.id, messageTemplates.channelId))
    .where(inArray(messageTemplates.id, [...new Set(ids)]));
  return rows.map((row) => ({ ...row.template, channelType: row.channelType, channelState: row.channelState }));
}
