import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotifyBody, NotifyResult } from '@portal/contracts';
import { auditActorOf } from '../../../platform/audit.ts';
import { principalOf } from '../../../platform/access.ts';
import { errors } from '../../../platform/responses.ts';
import type { MessageEngineService } from '../context.ts';
import { deliverInsideMessage } from './deliver.ts';

/** POST /common/notify: an administrator sends an inside message (the delivery function behind HTTP). */
export const notifyRoutes: FastifyPluginAsyncTypebox<MessageEngineService> = async (app, { db, events, people }) => {
  app.post(
    '/common/notify',
    {
      config: { access: 'gated' },
      schema: {
        tags: ['inside messages'],
        summary: 'Sends an inside message to users, groups, role holders and organisations (with their subtrees)',
        body: NotifyBody,
        response: { 200: NotifyResult, ...errors(400, 403) },
      },
    },
    async (request) =>
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
  );
};
