/** What the definition editor holds, checked before save: a JSON object, or why it is not one. */
export type ParsedDefinition =
  { ok: true; value: Record<string, unknown> } | { ok: false; reason: 'notJson' | 'notObject'; message: string };

export function parseDefinition(text: string): ParsedDefinition {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'notJson', message: (error as Error).message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'notObject', message: '' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** A definition as the editor shows it. */
export const definitionText = (definition: Record<string, unknown>) => JSON.stringify(definition, null, 2);
