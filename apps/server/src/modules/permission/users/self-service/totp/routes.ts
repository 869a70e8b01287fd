import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, MfaTokenQuery, Ok, TotpConfirmBody, TotpEnrolment, TotpStatus } from '@portal/contracts';
import { principalOf } from '../../../../../platform/access.ts';
import { auditActorOf } from '../../../../../platform/audit.ts';
import type { PermissionService } from '../../../context.ts';
import { loadUser } from '../account-changes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const signedIn = { access: 'signedIn' as const };
const tags = ['users'];

/**
 * The caller's authenticator app (TOTP second factor): status, set-up in two steps (a secret, then
 * a code proving the app has it) and removal. Set-up and removal need an mfa_token of purpose 'totp'.
 */
export const totpRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const { totp } = ps;

  app.get(
    '/users/self/totp',
    { config: signedIn, schema: { tags, summary: 'Whether the caller has an authenticator app set up', response: { 200: TotpStatus } } },
    async (request) => totp.status(principalOf(request).userId),
  );

  app.post(
    '/users/self/totp',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Starts setting up an authenticator app (mfa_token of purpose "totp"): a new secret, pending until confirmed',
        querystring: MfaTokenQuery,
        response: { 200: TotpEnrolment, ...errors },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const user = await loadUser(ps.db, userId);
      return totp.startEnrolment(auditActorOf(request), { userId, account: user.username, mfaToken: request.query.mfa_token });
    },
  );

  app.post(
    '/users/self/totp/confirm',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Finishes the set-up with a code from the app; from then on sign-in asks for a code',
        body: TotpConfirmBody,
        response: { 200: TotpStatus, ...errors },
      },
    },
    async (request) => totp.confirm(auditActorOf(request), { userId: principalOf(request).userId, code: request.body.code }),
  );

  app.delete(
    '/users/self/totp',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Removes the authenticator app (mfa_token of purpose "totp"); sign-in needs the password only',
        querystring: MfaTokenQuery,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await totp.remove(auditActorOf(request), { userId: principalOf(request).userId, mfaToken: request.query.mfa_token });
      return { ok: true as const };
    },
  );
};
