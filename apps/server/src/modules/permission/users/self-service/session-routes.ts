import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountSession, ErrorBody, Ok, IdParams, RevokedSessionCount } from '@portal/contracts';
import { Type } from 'typebox';
import { principalOf } from '../../../../platform/access.ts';
import { auditActorOf } from '../../../../platform/audit.ts';
import type { PermissionService } from '../../context.ts';
import { revokeOtherSessions, revokeOwnSession } from './own-sessions.ts';

const signedIn = { access: 'signedIn' as const };
const tags = ['users'];

/** The caller's own sign-in sessions: list them, sign one out, or sign out all the others. */
export const sessionRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const revokeFamilies = (familyIds: string[]) => ps.signIn.revokeFamilies(familyIds);

  app.get(
    '/users/self/sessions',
    {
      config: signedIn,
      schema: { tags, summary: "The caller's active sign-in sessions, newest first", response: { 200: Type.Array(AccountSession) } },
    },
    async (request) => {
      const { userId, sessionId } = principalOf(request);
      return ps.signIn.sessions.listOwn(ps.db, userId, sessionId);
    },
  );

  app.delete(
    '/users/self/sessions/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Signs one of the caller’s sessions out: its refresh tokens stop working and its access tokens are refused',
        params: IdParams,
        response: { 200: Ok, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const familyIds = await revokeOwnSession(ps.signIn.sessions, ps.db, auditActorOf(request), {
        userId: principalOf(request).userId,
        sessionId: request.params.id,
      });
      await revokeFamilies(familyIds);
      return { ok: true as const };
    },
  );

  app.delete(
    '/users/self/sessions',
    {
      config: signedIn,
      schema: { tags, summary: 'Signs out every session of the caller except the current one', response: { 200: RevokedSessionCount } },
    },
    async (request) => {
      const { userId, sessionId } = principalOf(request);
      const { revoked, familyIds } = await revokeOtherSessions(ps.signIn.sessions, ps.db, auditActorOf(request), {
        userId,
        currentSessionId: sessionId,
      });
      await revokeFamilies(familyIds);
      return { revoked };
    },
  );
};
