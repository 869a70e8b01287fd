import { ownProfileEndpoints as profile } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../platform/access.ts';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { getSelfProfile, setSignature, updateSelfProfile } from './profile.ts';

/** The caller's own profile and handwritten signature (the third-party bindings: external-identities/routes.ts). */
export async function profileRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [
    route(profile.get, async (request) => getSelfProfile(ps.db, principalOf(request).userId)),
    route(profile.update, async (request) => {
      const { userId } = principalOf(request);
      for (const field of ['email', 'phone'] as const) {
        if (Object.hasOwn(request.body, field)) {
          throw new AppError('VALIDATION_FAILED', `The ${field} cannot be changed here: use PATCH /users/${field} with an mfa_token`, {
            field: `body.${field}`,
          });
        }
      }
      await updateSelfProfile(ps.db, auditActorOf(request), userId, request.body);
      return getSelfProfile(ps.db, userId);
    }),
    route(profile.setSignature, async (request) => {
      const { userId } = principalOf(request);
      await setSignature(ps.db, auditActorOf(request), userId, request.body.signature);
      return { ok: true as const };
    }),
  ]);
}
