/**
 * Reading a settings section's TypeBox schema (its JSON Schema) for a form: the part of the schema
 * at a field's path, which widget it gets, what is wrong with a value, and the section's value to
 * send from what the form holds. Pure, so it is tested without React; SettingField renders it.
 */

/** The parts of a JSON schema (as TypeBox writes it) that the settings forms read. */
export interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** A field's place in a section: `['loginPage', 'background', 'color']`. */
export type FieldPath = readonly string[];

export type Widget = 'switch' | 'integer' | 'choice' | 'colour' | 'image' | 'text' | 'textarea' | 'group';

export interface RuleMessages {
  required: string;
  range: (min: number, max: number) => string;
  integer: string;
  min: (min: number) => string;
  max: (max: number) => string;
  pattern: string;
  choice: string;
}

/** Strings longer than this get a text area. */
const SINGLE_LINE_MAX = 200;
/** How the schemas write a colour (`#rrggbb`). */
const COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';

/** Whether the schema takes null ("none"): `Nullable(…)`. */
export const isNullable = (schema: JsonSchema): boolean => schema.anyOf?.some((member) => member.type === 'null') ?? false;

/** The schema of the value itself, null left aside. */
export const valuePart = (schema: JsonSchema): JsonSchema => schema.anyOf?.find((member) => member.type !== 'null') ?? schema;

/** The schema at a path below `root`; throws on a path the schema does not have (a page's mistake). */
export function schemaAt(root: JsonSchema, path: FieldPath): JsonSchema {
  return path.reduce<JsonSchema>((schema, key) => {
    const child = valuePart(schema).properties?.[key];
    if (!child) throw new Error(`The settings schema has no field ${path.join('.')}`);
    return child;
  }, root);
}

export function widgetOf(schema: JsonSchema): Widget {
  const value = valuePart(schema);
  if (value.enum) return 'choice';
  if (value.type === 'boolean') return 'switch';
  if (value.type === 'integer') return 'integer';
  if (value.type === 'object') return 'group';
  if (value.type === 'string') {
    if (value.pattern === COLOUR_PATTERN) return 'colour';
    if (value.pattern?.includes('https://')) return 'image';
    return (value.maxLength ?? 0) > SINGLE_LINE_MAX ? 'textarea' : 'text';
  }
  throw new Error(`No settings widget for a schema of type ${value.type ?? 'unknown'}`);
}

/** What is wrong with a form value under its schema, or undefined when the server would take it. */
export function problemOf(schema: JsonSchema, value: unknown, messages: RuleMessages): string | undefined {
  const rules = valuePart(schema);
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return isNullable(schema) || rules.type === 'object' ? undefined : messages.required;
  }
  if (rules.enum) return rules.enum.includes(value as string) ? undefined : messages.choice;
  if (rules.type === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value)) return messages.integer;
    const { minimum = -Infinity, maximum = Infinity } = rules;
    return value < minimum || value > maximum ? messages.range(minimum, maximum) : undefined;
  }
  if (rules.type === 'string' && typeof value === 'string') {
    const text = value.trim();
    if (rules.minLength !== undefined && text.length < rules.minLength) return messages.min(rules.minLength);
    if (rules.maxLength !== undefined && text.length > rules.maxLength) return messages.max(rules.maxLength);
    if (rules.pattern !== undefined && !new RegExp(rules.pattern).test(text)) return messages.pattern;
  }
  return undefined;
}

const QUIET: RuleMessages = { required: '', range: () => '', integer: '', min: () => '', max: () => '', pattern: '', choice: '' };

/** Whether the server would take the value (e.g. before a preview loads an image address being typed). */
export const accepts = (schema: JsonSchema, value: unknown): boolean => problemOf(schema, value, QUIET) === undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The section's value to send: what the form holds over the current value (a page may show only
 * some of the section's fields, and the section is replaced whole), text trimmed, blank text sent
 * as null where the schema takes null.
 */
export function sectionValueOf<V>(schema: JsonSchema, current: V, form: unknown): V {
  return merge(schema, current, form) as V;
}

function merge(schema: JsonSchema, current: unknown, form: unknown): unknown {
  const rules = valuePart(schema);
  if (rules.type === 'object' && rules.properties) {
    const base = isRecord(current) ? current : {};
    const given = isRecord(form) ? form : {};
    return Object.fromEntries(
      Object.entries(rules.properties).map(([key, child]) => [key, key in given ? merge(child, base[key], given[key]) : base[key]]),
    );
  }
  if (typeof form === 'string') {
    const text = form.trim();
    return text === '' && isNullable(schema) ? null : text;
  }
  return form === undefined ? current : form;
}

/**
 * The field a 400 answer blames, as a form path: the server names it `body.password.requireClasses`
 * (its own rules) or `/body/loginPage/title` (schema validation). Undefined when it names none.
 */
export function blamedPath(details: Record<string, unknown> | undefined): string[] | undefined {
  const named = [details?.field, details?.instancePath, details?.path].find((value): value is string => typeof value === 'string');
  if (!named) return undefined;
  const parts = named.split(/[./]/).filter(Boolean);
  if (parts[0] === 'body') parts.shift();
  return parts.length > 0 ? parts : undefined;
}
