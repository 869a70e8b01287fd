import { ownSessionEndpoints as sessions } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../platform/access.ts';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import type { PermissionService } from '../../context.ts';
import { revokeOtherSessions, revokeOwnSession } from './own-sessions.ts';

/** The caller's own sign-in sessions: list them, sign one out, or sign out all the others. */
export async function sessionRoutes(app: FastifyInstance, ps: PermissionService) {
  const revokeFamilies = (familyIds: string[]) => ps.signIn.revokeFamilies(familyIds);

  registerRoutes(app, [
    route(sessions.list, async (request) => {
      const { userId, sessionId } = principalOf(request);
      return ps.signIn.sessions.listOwn(ps.db, userId, sessionId);
    }),
    route(sessions.revoke, async (request) => {
      const familyIds = await revokeOwnSession(ps.signIn.sessions, ps.db, auditActorOf(request), {
        userId: principalOf(request).userId,
        sessionId: request.params.id,
      });
      await revokeFamilies(familyIds);
      return { ok: true as const };
    }),
    route(sessions.revokeOthers, async (request) => {
      const { userId, sessionId } = principalOf(request);
      const { revoked, familyIds } = await revokeOtherSessions(ps.signIn.sessions, ps.db, auditActorOf(request), {
        userId,
        currentSessionId: sessionId,
      });
      await revokeFamilies(familyIds);
      return { revoked };
    }),
  ]);
}
