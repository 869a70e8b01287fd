import type { FastifyPluginAsync } from 'fastify';
import type { MessageEngineService } from './context.ts';
import { notifyRoutes } from './delivery/notify-routes.ts';
import { insideMessageRoutes } from './inside-messages/routes.ts';
import { streamRoutes } from './stream/routes.ts';

export { PREFIX } from './context.ts';

/** message-engine: inside messages (inbox, delivery, live stream). */
export const messageEngine: FastifyPluginAsync<{ services: MessageEngineService }> = async (app, { services }) => {
  for (const routes of [insideMessageRoutes, streamRoutes, notifyRoutes]) await app.register(routes, services);
};
