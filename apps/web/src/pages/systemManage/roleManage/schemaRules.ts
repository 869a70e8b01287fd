import type { FormRule as Rule } from 'antd';

/** The parts of a JSON-schema string that a form can check before sending. */
interface StringSchema {
  type?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  anyOf?: StringSchema[];
}

/** The string member of a schema (a nullable string is `anyOf [string, null]`). */
function stringPart(schema: StringSchema): StringSchema | undefined {
  if (schema.type === 'string') return schema;
  return schema.anyOf?.find((member) => member.type === 'string');
}

export interface RuleTexts {
  required: string;
  tooShort: (min: number) => string;
  tooLong: (max: number) => string;
  pattern: string;
}

/**
 * Form rules read from the same TypeBox schema the server validates with, so the form refuses
 * exactly what the server would (lengths and pattern); `required` for non-optional fields.
 */
export function rulesFromSchema(schema: StringSchema, texts: RuleTexts, required: boolean): Rule[] {
  const part = stringPart(schema);
  const rules: Rule[] = required ? [{ required: true, whitespace: true, message: texts.required }] : [];
  if (!part) return rules;
  if (part.minLength !== undefined && part.minLength > 1) rules.push({ min: part.minLength, message: texts.tooShort(part.minLength) });
  if (part.maxLength !== undefined) rules.push({ max: part.maxLength, message: texts.tooLong(part.maxLength) });
  if (part.pattern !== undefined) rules.push({ pattern: new RegExp(part.pattern), message: texts.pattern });
  return rules;
}

/** The schema's maximum length, for an input's counter. */
export const maxLengthOf = (schema: StringSchema): number | undefined => stringPart(schema)?.maxLength;
