import { templateEndpoints, type MessageTemplateQuery, type Recipients, type TemplatePreviewInput } from '@portal/contracts';
import { call, callForResponse } from '../../../api/call.ts';

/** Query-key root of every template query: invalidate it to reload lists and detail views. */
export const TEMPLATE_KEY = ['messageCenter', 'templates'] as const;

export const fetchTemplates = (query: MessageTemplateQuery) => call(templateEndpoints.list, { query });

export const fetchTemplate = (id: string) => call(templateEndpoints.get, { params: { id } });

export const fetchReceivers = (id: string) => call(templateEndpoints.receivers, { params: { id } });

export const saveReceivers = (id: string, receivers: Recipients) =>
  call(templateEndpoints.setReceivers, { params: { id }, body: receivers });

/** The preview's failures are shown in the preview pane, not as toasts. */
export const previewTemplate = (body: TemplatePreviewInput, signal?: AbortSignal) =>
  call(templateEndpoints.preview, { body }, { silent: true, signal });

const HEAD_CHECK = { silent: true, validateStatus: (status: number) => status === 200 || status === 404 };
const taken = (response: { status: number }) => response.status === 200;

/** HEAD /v1/templates/id/{id}: 200 taken, 404 free. */
export const isTemplateIdTaken = (id: string) => callForResponse(templateEndpoints.idTaken, { params: { id } }, HEAD_CHECK).then(taken);

/** HEAD /v1/templates/name/{name}: 200 taken, 404 free. */
export const isTemplateNameTaken = (name: string) =>
  callForResponse(templateEndpoints.nameTaken, { params: { name } }, HEAD_CHECK).then(taken);
