/**
 * The form of a resource, read from the TypeBox schema its create and update endpoints take: which
 * widget each field gets, whether it is required, which blank fields are sent as null. Pure, so the
 * mapping is tested without React; ResourceForm.tsx renders it and schemaRules.ts validates it.
 */
import { toInput } from '../admin/formValues.ts';
import type { ObjectSchema, PropertySchema } from '../admin/schemaRules.ts';

/** An object schema such as `GroupInput` (the form reads the same parts its rules do). */
export type FormSchema = ObjectSchema;

/** The widget a field gets: from its schema type, or `custom` when the page gives its own. */
export type Control = 'text' | 'textarea' | 'integer' | 'number' | 'switch' | 'custom';

/** How a page lays out one field; a bare name takes every default. */
export interface FieldLayout<Name extends string = string, Widget = unknown> {
  name: Name;
  /** i18n key of the label; `adminKit.<name>` when left out. */
  label?: string;
  /** i18n key of a hint shown under the field. */
  extra?: string;
  /** A widget of the page's own (an organisation picker…) instead of the one the schema suggests. */
  input?: Widget;
}

export interface FormField<Widget = unknown> {
  name: string;
  label: string;
  extra?: string | undefined;
  control: Control;
  required: boolean;
  /** Blank is sent as null (the schema takes null for "none"). */
  nullable: boolean;
  maxLength?: number | undefined;
  /** The first field takes the focus when the form opens. */
  autoFocus: boolean;
  input?: Widget | undefined;
}

/** Strings up to this long get a one-line box; longer ones (descriptions) a text area. */
export const SINGLE_LINE_MAX = 200;

const valuePart = (schema: PropertySchema): PropertySchema => schema.anyOf?.find((member) => member.type !== 'null') ?? schema;
const takesNull = (schema: PropertySchema): boolean => schema.anyOf?.some((member) => member.type === 'null') ?? schema.type === 'null';

function controlOf(name: string, schema: PropertySchema): Exclude<Control, 'custom'> {
  const value = valuePart(schema);
  switch (value.type) {
    case 'string':
      return (value.maxLength ?? Infinity) > SINGLE_LINE_MAX ? 'textarea' : 'text';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'switch';
    default:
      throw new Error(`Field ${name}: its schema names no widget (${value.type ?? 'no type'}); give the field an input`);
  }
}

/** The fields of a form, in the page's order, each with what its schema says about it. */
export function formFieldsOf<Widget>(schema: FormSchema, layout: readonly (string | FieldLayout<string, Widget>)[]): FormField<Widget>[] {
  return layout.map((entry, index) => {
    const { name, label, extra, input } = typeof entry === 'string' ? ({ name: entry } as FieldLayout<string, Widget>) : entry;
    const property = schema.properties[name];
    if (!property) throw new Error(`Field ${name} is not in the schema`);
    const value = valuePart(property);
    return {
      name,
      label: label ?? `adminKit.${name}`,
      extra,
      control: input === undefined ? controlOf(name, property) : 'custom',
      required: schema.required?.includes(name) ?? false,
      nullable: takesNull(property),
      maxLength: value.type === 'string' ? value.maxLength : undefined,
      autoFocus: index === 0,
      input,
    };
  });
}

/** A record's values for the form's fields (editing starts from what is saved). */
export function formValuesOf(record: object, fields: readonly Pick<FormField, 'name'>[]): Record<string, unknown> {
  const saved = record as Record<string, unknown>;
  return Object.fromEntries(fields.map(({ name }) => [name, saved[name]]));
}

/** The body to send for the form's values: text trimmed, blank nullable fields sent as null. */
export function bodyOf<Body extends object>(values: Body, fields: readonly Pick<FormField, 'name' | 'nullable'>[]): Body {
  return toInput(values, { nullable: fields.filter((field) => field.nullable).map((field) => field.name) });
}
