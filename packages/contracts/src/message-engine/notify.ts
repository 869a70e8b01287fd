import { endpoint, errorResponses } from '../endpoint.ts';
import { NotifyBody, NotifyResult } from '../inside-messages.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

/** An administrator sends an inside message (the delivery function behind HTTP). */
export const notifyEndpoints = {
  send: endpoint({
    access: 'gated',
    tags: ['inside messages'],
    method: 'POST',
    path: `${MESSAGE_ENGINE_PREFIX}/common/notify`,
    summary: 'Sends an inside message to users, groups, role holders and organisations (with their subtrees)',
    body: NotifyBody,
    responses: { 200: NotifyResult, ...errorResponses(400, 403) },
  }),
};
