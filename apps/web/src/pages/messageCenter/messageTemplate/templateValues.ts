import type { MessageTemplate, NewMessageTemplate, TemplateFormat, TemplatePreviewInput, TemplateVariable } from '@portal/contracts';

/** A declared variable as the form edits it: the sample as JSON text. */
export interface VariableRow {
  name?: string;
  description?: string | null;
  sample?: string;
}

/** The editor's values. */
export interface TemplateValues {
  id: string;
  name: string;
  channelId: string;
  classificationId?: string | null;
  format: TemplateFormat;
  subject?: string;
  body: string;
  description?: string | null;
  variables?: VariableRow[];
}

/** A sample as written: JSON, or (when it does not look like JSON) a plain string; blank is no sample. */
export type ParsedSample = { ok: true; value: unknown } | { ok: false };

export function parseSample(text: string | undefined): ParsedSample {
  const written = (text ?? '').trim();
  if (written === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(written) as unknown };
  } catch {
    // `Ann` means the string; `{ "a": ` is a mistake, not a string.
    return /^[[{"]/.test(written) ? { ok: false } : { ok: true, value: written };
  }
}

/** A sample as the form shows it: strings as they are, the rest as indented JSON. */
export const sampleText = (sample: unknown): string =>
  sample === undefined ? '' : typeof sample === 'string' ? sample : JSON.stringify(sample, null, 2);

/** The declarations of the rows with a name (invalid samples left out: the form refuses them first). */
export function toVariables(rows: readonly VariableRow[] | undefined): TemplateVariable[] {
  return (rows ?? [])
    .filter((row): row is VariableRow & { name: string } => Boolean(row.name?.trim()))
    .map((row) => {
      const sample = parseSample(row.sample);
      const description = row.description?.trim();
      return {
        name: row.name.trim(),
        ...(description ? { description } : {}),
        ...(sample.ok && sample.value !== undefined ? { sample: sample.value } : {}),
      };
    });
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The create body (the edit body is the same without `id`). */
export function toTemplateInput(values: TemplateValues): NewMessageTemplate {
  return {
    id: values.id.trim(),
    name: values.name.trim(),
    channelId: values.channelId.trim(),
    classificationId: blankToNull(values.classificationId),
    format: values.format,
    subject: values.subject ?? '',
    body: values.body,
    variables: toVariables(values.variables),
    description: blankToNull(values.description),
  };
}

/** What the preview call renders: the parts being written and their declarations. */
export function toPreviewInput(values: Partial<TemplateValues>): TemplatePreviewInput | null {
  if (!values.body) return null;
  return { subject: values.subject ?? '', body: values.body, format: values.format ?? 'text', variables: toVariables(values.variables) };
}

/** The editor's starting values: the template's, or a new text template. */
export function toTemplateValues(template: MessageTemplate | null): Partial<TemplateValues> {
  if (!template) return { format: 'text', subject: '', body: '', variables: [] };
  return {
    id: template.id,
    name: template.name,
    channelId: template.channelId,
    classificationId: template.classificationId,
    format: template.format,
    subject: template.subject,
    body: template.body,
    description: template.description,
    variables: template.variables.map((variable) => ({
      name: variable.name,
      description: variable.description ?? '',
      sample: sampleText(variable.sample),
    })),
  };
}
