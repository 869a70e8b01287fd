import { endpoint, errorResponses } from '../endpoint.ts';
import { NotifyBody, NotifyResult } from './message-schemas.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

/** How often the sendMessage page asks for a send's progress (its receivers by channel) until none is pending. */
export const SEND_PROGRESS_POLL_MS = 1_000;

/** Sending: templates or raw content to users, groups, role holders and organisations, on one or more channels. */
export const notifyEndpoints = {
  send: endpoint({
    access: 'gated',
    tags: ['messages'],
    method: 'POST',
    path: `${MESSAGE_ENGINE_PREFIX}/common/notify`,
    summary:
      "Sends a message: templates (each on its channel) or raw content, to users, groups, role holders and organisations (with their subtrees); the same idempotency key sends once; from the caller's account (source), within a send rate per sender (429 with Retry-After)",
    body: NotifyBody,
    responses: { 200: NotifyResult, ...errorResponses(400, 403, 404, 409, 429) },
  }),
};
