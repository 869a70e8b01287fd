import type { TemplatePreview, TemplatePreviewInput } from '@portal/contracts';
import { checkTemplate } from './check.ts';
import { renderPart } from './engine.ts';

/**
 * A template as edited, checked as a save checks it and rendered with the declared samples, each
 * replaced by the value given for it (a variable with neither renders as nothing).
 */
export function previewTemplate(input: TemplatePreviewInput): TemplatePreview {
  const source = { subject: input.subject ?? '', body: input.body, format: input.format ?? 'text', variables: input.variables ?? [] };
  const parsed = checkTemplate(source);
  const samples = Object.fromEntries(source.variables.filter((v) => v.sample !== undefined).map((v) => [v.name, v.sample]));
  const values = { ...samples, ...input.values };
  return {
    subject: renderPart('subject', source.format, parsed.subject, values),
    body: renderPart('body', source.format, parsed.body, values),
    format: source.format,
  };
}
