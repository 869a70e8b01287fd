import { preferenceEndpoints as prefs } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { MessageEngineService } from '../context.ts';
import { preferencesOf, setPreferences } from './service.ts';

/** The caller's own message preferences: only ever the signed-in user's, whatever the request names. */
export async function preferenceRoutes(app: FastifyInstance, { db }: MessageEngineService) {
  registerRoutes(app, [
    route(prefs.get, (request) => preferencesOf(db, principalOf(request).userId)),
    route(prefs.set, (request) => setPreferences(db, auditActorOf(request), principalOf(request).userId, request.body.muted)),
  ]);
}
