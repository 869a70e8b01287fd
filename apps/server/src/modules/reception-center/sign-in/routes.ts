import { signInEndpoints as signIn } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';
import { BEHAVIOR_TOKEN_TTL_SECONDS } from './captcha.ts';
import { signInAfterFirstFactor } from './complete.ts';
import { deviceCookieOf } from './device-cookie.ts';
import { assertSignInOption } from './options.ts';

export async function signInRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  registerRoutes(app, [
    route(signIn.password, async (request, reply) => {
      await assertSignInOption(rc, 'password');
      const user = await rc.checkPassword(request.body, { ip: request.ip, deviceCookie: deviceCookieOf(request) });
      // With an authenticator app, or where the settings require one, the password alone starts nothing.
      return signInAfterFirstFactor(
        rc,
        { request, reply },
        { user, remember: request.body.remember ?? false, returnTo: request.query.return_to },
      );
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
    route(signIn.changePassword, async (request) => {
      const { username, oldPassword, newPassword, code, captchaId, captchaCode } = request.body;
      if (newPassword === oldPassword) {
        throw new AppError('PASSWORD_POLICY', 'The new password must differ from the current one', {
          field: 'password',
          rule: 'history',
        });
      }
      const deviceCookie = deviceCookieOf(request);
      const user = await rc.checkPassword({ username, password: oldPassword, captchaId, captchaCode }, { ip: request.ip, deviceCookie });
      const password = await rc.permission.passwords.accept({
        password: newPassword,
        username: user.username,
        userId: user.id,
      });
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
      const familyIds = await rc.permission.replacePassword(actor, user, password);
      await rc.accessTokens.revokeFamilies(familyIds);
      return { ok: true as const };
    }),
  ]);
}
