import { notifyEndpoints as notify } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { MessageEngineService } from '../context.ts';
import { draftsOf } from './plan.ts';
import { sendMessage } from './send.ts';

/** POST /common/notify: an administrator sends a message (templates or raw content) on its channels. */
export async function notifyRoutes(app: FastifyInstance, service: MessageEngineService) {
  registerRoutes(app, [
    route(notify.send, async (request) => {
      const drafts = await draftsOf(service.db, request.body);
      const { insideMessageId: _inside, ...sent } = await sendMessage(service, request.body, drafts, {
        userId: principalOf(request).userId,
        audit: auditActorOf(request),
      });
      return sent;
    }),
  ]);
}
