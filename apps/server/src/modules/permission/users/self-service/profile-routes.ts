import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, Ok, SelfProfile, SelfProfileInput, SignatureBody, ThirdPartyBinding } from '@portal/contracts';
import { Type } from 'typebox';
import { principalOf } from '../../../../platform/access.ts';
import { auditActorOf } from '../../../../platform/audit.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { getSelfProfile, setSignature, updateSelfProfile } from './profile.ts';

const signedIn = { access: 'signedIn' as const };
const errors = { 400: ErrorBody, 404: ErrorBody };

/** The caller's own profile, third-party bindings and handwritten signature. */
export const profileRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/users/self',
    { config: signedIn, schema: { tags: ['users'], summary: 'The caller’s own account', response: { 200: SelfProfile, 404: ErrorBody } } },
    async (request) => getSelfProfile(ps.db, principalOf(request).userId),
  );

  app.put(
    '/users/self',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: 'Updates the caller’s name, avatar and description (email and phone change through their mfa_token calls)',
        body: SelfProfileInput,
        response: { 200: SelfProfile, ...errors },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      for (const field of ['email', 'phone'] as const) {
        if (Object.hasOwn(request.body, field)) {
          throw new AppError('VALIDATION_FAILED', `The ${field} cannot be changed here: use PATCH /users/${field} with an mfa_token`, {
            field: `body.${field}`,
          });
        }
      }
      await updateSelfProfile(ps.db, auditActorOf(request), userId, request.body);
      await ps.directory.changed(userId);
      return getSelfProfile(ps.db, userId);
    },
  );

  app.get(
    '/users/self/third',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: 'Accounts at other identity providers bound to the caller',
        response: { 200: Type.Array(ThirdPartyBinding) },
      },
    },
    // No third-party identity provider can be bound yet, so nobody has a binding.
    async () => [],
  );

  app.post(
    '/users/sign',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: 'Stores the caller’s handwritten signature (a PNG data: URL of at most 200 KB)',
        body: SignatureBody,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      await setSignature(ps.db, auditActorOf(request), userId, request.body.signature);
      await ps.directory.changed(userId);
      return { ok: true as const };
    },
  );
};
