import { notifyEndpoints as notify, userSource } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { MessageEngineService } from '../context.ts';
import { draftsOf } from './plan.ts';
import { sendMessage } from './send.ts';

/**
 * Who a person's message is from: their account (userSource), never what the request says. A
 * request may repeat that value; any other (the platform's "system", another module's name) is
 * refused, so nobody sends in the platform's name.
 */
async function sourceOf(service: MessageEngineService, userId: string, given: string | undefined): Promise<string> {
  const user = await service.directory.byId(userId);
  // A signed-in principal whose account is gone (deleted since its token was issued).
  if (!user) throw new AppError('UNAUTHORIZED', 'The account no longer exists');
  const source = userSource(user.username);
  if (given !== undefined && given !== source) {
    throw badRequest(`A message is from its sender's account: its source is ${source}, set by the server`, { field: 'source', source });
  }
  return source;
}

/** POST /common/notify: an administrator sends a message (templates or raw content) on its channels, within the send rate. */
export async function notifyRoutes(app: FastifyInstance, service: MessageEngineService) {
  registerRoutes(app, [
    route(notify.send, async (request) => {
      const { userId } = principalOf(request);
      const source = await sourceOf(service, userId, request.body.source);
      const drafts = await draftsOf(service.db, request.body);
      const { insideMessageId: _inside, ...sent } = await sendMessage(service, request.body, drafts, {
        userId,
        source,
        audit: auditActorOf(request),
        rate: service.sendRate,
      });
      return sent;
    }),
  ]);
}
