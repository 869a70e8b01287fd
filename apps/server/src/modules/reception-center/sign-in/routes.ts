import { signInEndpoints as signIn } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';
import { BEHAVIOR_TOKEN_TTL_SECONDS } from './captcha.ts';
import { finishSignIn } from './complete.ts';
import { deviceCookieOf } from './device-cookie.ts';

export async function signInRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  registerRoutes(app, [
    route(signIn.password, async (request, reply) => {
      const user = await rc.checkPassword(request.body, { ip: request.ip, deviceCookie: deviceCookieOf(request) });
      const remember = request.body.remember ?? false;
      // With an authenticator app, the password alone starts nothing: a ticket awaits the code (totp-routes.ts).
      if (await rc.totp.isEnrolled(user.id)) {
        return { totpRequired: true as const, ...(await rc.tickets.issue({ userId: user.id, remember })) };
      }
      return finishSignIn(rc, { request, reply }, { user, remember, returnTo: request.query.return_to });
    }),
    route(signIn.behaviorToken, async (request) => {
      const { username, captchaId, captchaCode } = request.query;
      const device = rc.devices.deviceFor(deviceCookieOf(request), username ?? '');
      const { captchaRequired } = await rc.failures.state(username ?? '', request.ip, device);
      if (!captchaId || !captchaCode) return { captchaRequired };
      if (!(await rc.captchas.solve(captchaId, captchaCode))) {
        throw new AppError('CAPTCHA_INVALID', 'The verification code is wrong or has expired', { captchaRequired: true });
      }
      return { captchaRequired, token: await rc.captchas.issueBehaviorToken(), expiresIn: BEHAVIOR_TOKEN_TTL_SECONDS };
    }),
    route(signIn.captcha, async (_request, reply) => {
      const { captchaId, image, expiresIn } = await rc.captchas.issue();
      reply.header('cache-control', 'no-store');
      return { captchaId, image, expiresIn };
    }),
    route(signIn.mobileCode, async () => {
      throw new AppError('NOT_CONFIGURED', 'Sign-in by mobile code is not configured: no SMS channel is set up in the message centre');
    }),
    route(signIn.changePassword, async (request) => {
      const { username, oldPassword, newPassword, code, captchaId, captchaCode } = request.body;
      if (newPassword === oldPassword) throw new AppError('PASSWORD_POLICY', 'The new password must differ from the current one');
      const deviceCookie = deviceCookieOf(request);
      const user = await rc.checkPassword({ username, password: oldPassword, captchaId, captchaCode }, { ip: request.ip, deviceCookie });
      rc.permission.assertPasswordPolicy(newPassword, user.username);
      // The password alone must not replace itself on an account with a second factor.
      if (await rc.totp.isEnrolled(user.id)) {
        if (!code) throw new AppError('TOTP_REQUIRED', 'Enter a code from your authenticator app', { field: 'code' });
        if (!(await rc.totp.verify(user.id, code))) {
          await rc.failures.recordFailure(user.username, request.ip, rc.devices.deviceFor(deviceCookie, user.username));
          throw rc.permission.wrongCode();
        }
      }
      const actor = { actorId: user.id, ip: request.ip, requestId: String(request.id) };
      // Whoever else was signed in with the old password is signed out.
      const familyIds = await rc.permission.replacePassword(actor, user, newPassword);
      await rc.accessTokens.revokeFamilies(familyIds);
      return { ok: true as const };
    }),
  ]);
}
