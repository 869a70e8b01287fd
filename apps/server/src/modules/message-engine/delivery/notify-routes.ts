import { notifyEndpoints as notify } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { MessageEngineService } from '../context.ts';
import { deliverInsideMessage } from './deliver.ts';

/** POST /common/notify: an administrator sends an inside message (the delivery function behind HTTP). */
export async function notifyRoutes(app: FastifyInstance, { db, events, people }: MessageEngineService) {
  registerRoutes(app, [
    route(notify.send, async (request) =>
      deliverInsideMessage(
        {
          db,
          events,
          people,
          onPushFailure: (error) => request.log.error({ err: error, reqId: request.id }, 'inside message push failed'),
        },
        { ...request.body, senderId: principalOf(request).userId },
        auditActorOf(request),
      ),
    ),
  ]);
}
