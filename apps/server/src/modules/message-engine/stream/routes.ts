import { insideMessageEndpoints as inbox } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerToken, principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MessageEngineService } from '../context.ts';
import { createStreamHub } from './hub.ts';
import { acceptsEventStream, openEventStream } from './sse.ts';

/**
 * Open streams one user may hold on one instance: a browser tab holds one, so a few cover a user's
 * tabs and devices. Each open stream holds a socket and a place in every message's fan-out for as
 * long as it lasts; without a cap one token could hold hundreds. A tab refused one falls back to
 * polling and retries with a back-off.
 */
export const MAX_STREAMS_PER_USER = 5;

/**
 * GET /v1/inside-messages/stream: the caller's new messages as server-sent events. One hub per
 * instance holds the open streams; closing the app ends them all first, so it never waits on them.
 */
export async function streamRoutes(app: FastifyInstance, { db, people, events, authenticate }: MessageEngineService) {
  const hub = createStreamHub({ db, people, events, log: app.log });
  app.addHook('preClose', async () => hub.close());

  registerRoutes(app, [
    route(inbox.stream, async (request, reply) => {
      // A client that cannot take a stream (one that names no type it accepts) is refused rather than held open.
      if (!acceptsEventStream(request.headers.accept)) {
        throw new AppError('NOT_ACCEPTABLE', 'This call answers with an event stream: send Accept: text/event-stream');
      }
      const { userId } = principalOf(request);
      // Checked and added with no await between them: concurrent requests cannot both slip under the cap.
      if (hub.openFor(userId) >= MAX_STREAMS_PER_USER) {
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `At most ${MAX_STREAMS_PER_USER} message streams may be open at once: close another tab, or rely on polling`,
          { limit: MAX_STREAMS_PER_USER },
        );
      }
      const token = bearerToken(request) ?? '';
      reply.hijack();
      const stream = openEventStream(reply.raw);
      const remove = hub.add({ ...stream, userId, stillValid: async () => (await authenticate(token))?.userId === userId });
      reply.raw.once('close', remove);
      // Gone while it was being signed in: its 'close' has been and gone.
      if (reply.raw.destroyed || reply.raw.socket?.destroyed) remove();
    }),
  ]);
}
