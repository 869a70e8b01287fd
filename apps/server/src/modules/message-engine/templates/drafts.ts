import { AppError } from '../../../platform/errors.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { Draft } from '../delivery/plan.ts';
import { loadTemplates, renderForSend, type LoadedTemplate } from './render.ts';

/** A template's refusal, saying which template it is about (a send may name several). */
function aboutTemplate(error: unknown, template: LoadedTemplate): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(error.code, `Template ${template.id}: ${error.message}`, { ...error.details, templateId: template.id });
}

/**
 * What a send naming templates carries: each template rendered with the variables, on its own
 * channel, with its default receivers and classification. A 404 names the templates that do not
 * exist; a 400 names the template and the variables it needs that were not given.
 */
export async function draftsOfTemplates(db: Db, templateIds: readonly string[], values: Record<string, unknown>): Promise<Draft[]> {
  const loaded = new Map((await loadTemplates(db, templateIds)).map((template) => [template.id, template]));
  const missing = templateIds.filter((id) => !loaded.has(id));
  if (missing.length > 0) throw new AppError('NOT_FOUND', `No such template: ${missing.join(', ')}`, { field: 'templateIds', missing });
  // In the order named (the first template's subject titles the message).
  const named = [...new Set(templateIds)].flatMap((id) => loaded.get(id) ?? []);
  return named.map((template) => {
    let rendered: { subject: string; body: string };
    try {
      rendered = renderForSend(template, values);
    } catch (error) {
      throw aboutTemplate(error, template);
    }
    return {
      channelId: template.channelId,
      templateId: template.id,
      ...rendered,
      format: template.format,
      receivers: template.receivers,
      classificationId: template.classificationId,
    };
  });
}
