import { colourSchemeEndpoints as schemes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { crudRoutes } from '../../../platform/resource/routes.ts';
import type { SystemConfigService } from '../context.ts';
import { colourSchemeResource, setTopScheme, topScheme } from './service.ts';

/** Colour schemes: CRUD, and the top scheme every signed-in user's shell applies. */
export async function colourSchemeRoutes(app: FastifyInstance, { db }: SystemConfigService) {
  registerRoutes(app, [
    ...crudRoutes(db, colourSchemeResource(db), schemes),
    route(schemes.top, () => topScheme(db)),
    route(schemes.setTop, (request) => setTopScheme(db, auditActorOf(request), request.body.id)),
  ]);
}
