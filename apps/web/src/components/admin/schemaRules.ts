import type { Rule } from 'antd/es/form';
import i18n from 'i18next';

/** The parts of a JSON schema property (as TypeBox writes them) that forms read. */
export interface PropertySchema {
  type?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  /** A choice among values (TypeBox's Enum): the form offers them, the server refuses others. */
  enum?: readonly unknown[];
  anyOf?: PropertySchema[];
}

export interface ObjectSchema {
  required?: readonly string[];
  properties: Record<string, PropertySchema>;
}

export interface RuleMessages {
  required: string;
  min: (min: number) => string;
  max: (max: number) => string;
  pattern: string;
  email: string;
}

// Close to the server's "email" format: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The string member of `Nullable(Type.String(...))`, or the schema itself. */
const stringPart = (schema: PropertySchema | undefined): PropertySchema | undefined =>
  schema?.anyOf ? schema.anyOf.find((member) => member.type === 'string') : schema;

/**
 * What is wrong with a form value under the server's schema for that field, or undefined when the
 * server would accept it. Blank optional fields are fine (they are sent as null).
 */
export function checkField(
  schema: ObjectSchema,
  field: string,
  value: unknown,
  messages: RuleMessages,
  required?: boolean,
): string | undefined {
  const rules = stringPart(schema.properties[field]);
  const mustHave = required ?? schema.required?.includes(field) ?? false;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  if (text.trim() === '') return mustHave ? messages.required : undefined;
  if (!rules) return undefined;
  if (rules.minLength !== undefined && text.length < rules.minLength) return messages.min(rules.minLength);
  if (rules.maxLength !== undefined && text.length > rules.maxLength) return messages.max(rules.maxLength);
  if (rules.pattern !== undefined && !new RegExp(rules.pattern).test(text)) return messages.pattern;
  if (rules.format === 'email' && !EMAIL.test(text)) return messages.email;
  if (rules.enum !== undefined && !rules.enum.includes(value)) return messages.pattern;
  return undefined;
}

/** The schema's maximum length of a field, for an input's character counter. */
export const maxLengthOf = (schema: ObjectSchema, field: string): number | undefined => stringPart(schema.properties[field])?.maxLength;

const translatedMessages = (): RuleMessages => ({
  required: i18n.t('adminKit.rule.required'),
  min: (min) => i18n.t('adminKit.rule.min', { min }),
  max: (max) => i18n.t('adminKit.rule.max', { max }),
  pattern: i18n.t('adminKit.rule.pattern'),
  email: i18n.t('adminKit.rule.email'),
});

/**
 * antd Form rules for a field, taken from the contracts schema the server validates with, so the
 * form refuses exactly what the server would. `required` overrides the schema (e.g. the password,
 * optional in UserInput, is required on create); `messages` replaces some of the shared texts
 * (e.g. a pattern message that says which characters the field takes).
 *
 * ```tsx
 * <Form.Item name="username" label="Username" rules={schemaRules(UserInput, 'username')}>
 * ```
 */
export function schemaRules(schema: ObjectSchema, field: string, required?: boolean, messages?: Partial<RuleMessages>): Rule[] {
  const mustHave = required ?? schema.required?.includes(field) ?? false;
  return [
    {
      required: mustHave,
      validator: (_rule, value: unknown) => {
        const problem = checkField(schema, field, value, { ...translatedMessages(), ...messages }, required);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}
