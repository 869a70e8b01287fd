import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Recipients } from '../inside-messages.ts';
import { Nullable, Page, PageQuery, Timestamp } from '../paging.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

/** A template's id, chosen by the administrator: a letter, then letters, digits, _ and - (2 to 64 in all). */
export const TEMPLATE_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{1,63}$';
export const TemplateId = Type.String({ pattern: TEMPLATE_ID_PATTERN, description: 'A letter, then letters, digits, _ and -' });

/** A variable's name as Liquid reads it at the root of an expression (`{{ order.number }}` uses `order`). */
export const TEMPLATE_VARIABLE_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';
export const TEMPLATE_FORMATS = ['text', 'html'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/** Most variables a template declares, and the longest subject and body it may have. */
export const TEMPLATE_LIMITS = { variables: 100, subject: 500, body: 100_000, sampleBytes: 20_000 } as const;

/**
 * A declared variable: its name, what it means, and a sample value (any JSON) that previews render
 * with. A sample that is an object, or an array of objects, is also the variable's shape: the
 * template's property paths (`order.number`, `item.sku` in a loop over `order.items`) are checked against it.
 */
export const TemplateVariable = Type.Object(
  {
    name: Type.String({ pattern: TEMPLATE_VARIABLE_PATTERN }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    sample: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type TemplateVariable = Static<typeof TemplateVariable>;
const Variables = Type.Array(TemplateVariable, { maxItems: TEMPLATE_LIMITS.variables });

const Subject = Type.String({ maxLength: TEMPLATE_LIMITS.subject });
const Body = Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.body });
const Format = Type.Enum([...TEMPLATE_FORMATS]);
const ChannelId = Type.String({ minLength: 1, maxLength: 64 });

export const MessageTemplate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  channelId: Type.String(),
  channelName: Type.String(),
  /** inApp, email, sms or webhook. */
  channelType: Type.String(),
  classificationId: Nullable(Type.String()),
  classificationName: Nullable(Type.String()),
  subject: Type.String(),
  body: Type.String(),
  format: Format,
  variables: Type.Array(TemplateVariable),
  /** The default receivers' ids (GET …/receivers answers them with names). */
  receivers: Recipients,
  description: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type MessageTemplate = Static<typeof MessageTemplate>;

/**
 * What a template is made of. Subject and body are Liquid; every variable they use must be declared
 * (a 400 names the first undeclared one, with its line and column). The subject is required for
 * email and in-app channels; 'html' is for email channels only (variables are escaped in it).
 */
export const MessageTemplateInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  channelId: ChannelId,
  classificationId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  subject: Type.Optional(Subject),
  body: Body,
  format: Type.Optional(Format),
  variables: Type.Optional(Variables),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type MessageTemplateInput = Static<typeof MessageTemplateInput>;

export const NewMessageTemplate = Type.Object({ id: TemplateId, ...MessageTemplateInput.properties });
export type NewMessageTemplate = Static<typeof NewMessageTemplate>;

export const MessageTemplateQuery = Type.Object({
  ...PageQuery.properties,
  channelId: Type.Optional(ChannelId),
  classificationId: Type.Optional(Type.String({ format: 'uuid' })),
});
export type MessageTemplateQuery = Static<typeof MessageTemplateQuery>;

/** POST /v1/templates/preview: a template as edited, rendered with the samples (or the values given instead). */
export const TemplatePreviewInput = Type.Object({
  subject: Type.Optional(Subject),
  body: Body,
  format: Type.Optional(Format),
  variables: Type.Optional(Variables),
  /** Values by variable name, in place of the declared samples. */
  values: Type.Optional(
    Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, maxProperties: TEMPLATE_LIMITS.variables }),
  ),
});
export type TemplatePreviewInput = Static<typeof TemplatePreviewInput>;
export const TemplatePreview = Type.Object({ subject: Type.String(), body: Type.String(), format: Format });
export type TemplatePreview = Static<typeof TemplatePreview>;

/** A default receiver with its name (null where the server has no name for that kind of object). */
export const NamedReceiver = Type.Object({ id: Type.String(), name: Nullable(Type.String()) });
export type NamedReceiver = Static<typeof NamedReceiver>;
export const TemplateReceivers = Type.Object({
  users: Type.Array(NamedReceiver),
  groups: Type.Array(NamedReceiver),
  roles: Type.Array(NamedReceiver),
  organizations: Type.Array(NamedReceiver),
});
export type TemplateReceivers = Static<typeof TemplateReceivers>;

export const TemplateIdParams = Type.Object({ id: TemplateId });
export const TemplateNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });

const tags = ['message templates'];
const gated = { access: 'gated', tags } as const;
const path = `${MESSAGE_ENGINE_PREFIX}/v1/templates`;

/** Message templates (page messageTemplate): per channel, Liquid with declared variables, default receivers. */
export const templateEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Message templates, paged, by keyword (id, name, subject), channel and classification',
    query: MessageTemplateQuery,
    responses: { 200: Page(MessageTemplate), ...errorResponses(400) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a template; every variable it uses must be declared (400 naming the first that is not)',
    body: NewMessageTemplate,
    responses: { 200: MessageTemplate, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One template',
    params: TemplateIdParams,
    responses: { 200: MessageTemplate, ...errorResponses(400, 404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a template (its id stays); checked as on creation',
    params: TemplateIdParams,
    body: MessageTemplateInput,
    responses: { 200: MessageTemplate, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a template (messages sent with it keep their content)',
    params: TemplateIdParams,
    responses: { 200: Ok, ...errorResponses(400, 404) },
  }),
  idTaken: endpoint({
    ...gated,
    method: 'HEAD',
    path: `${path}/id/{id}`,
    summary: 'Whether a template id is taken (200) or free (404)',
    params: TemplateIdParams,
    responses: { 200: Type.Null(), ...errorResponses(400, 404) },
  }),
  nameTaken: endpoint({
    ...gated,
    method: 'HEAD',
    path: `${path}/name/{name}`,
    summary: 'Whether a template name is taken (200) or free (404)',
    params: TemplateNameParams,
    responses: { 200: Type.Null(), ...errorResponses(400, 404) },
  }),
  preview: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/preview`,
    summary: 'Renders a subject and body with sample values; refused as a save would be (400 naming an undeclared variable)',
    body: TemplatePreviewInput,
    responses: { 200: TemplatePreview, ...errorResponses(400) },
  }),
  receivers: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}/receivers`,
    summary: "A template's default receivers (users, groups, roles, organisations) with their names",
    params: TemplateIdParams,
    responses: { 200: TemplateReceivers, ...errorResponses(400, 404) },
  }),
  setReceivers: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}/receivers`,
    summary: "Replaces a template's default receivers (400 naming every id that does not exist)",
    params: TemplateIdParams,
    body: Recipients,
    responses: { 200: TemplateReceivers, ...errorResponses(400, 404) },
  }),
};
