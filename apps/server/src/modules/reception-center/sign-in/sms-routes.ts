import { signInEndpoints as signIn } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import { createRateLimiter } from '../../../platform/rate-limit.ts';
import type { ReceptionCenter } from '../context.ts';
import { signInAfterFirstFactor } from './complete.ts';
import { deviceCookieOf } from './device-cookie.ts';
import { assertSignInOption } from './options.ts';
import { lockedError } from './service.ts';
import { expiredSmsCode, normalisePhone, wrongSmsCode } from './sms-codes.ts';

/** Codes asked for from one address: five at once, then one every twelve seconds (whatever the numbers). */
const codeRequests = createRateLimiter({ burst: 5, refillSeconds: 12 }, 'sign-in code requests');

const notConfigured = () =>
  new AppError('NOT_CONFIGURED', 'Sign-in by SMS code is not available: no SMS channel is started in the message centre');

/**
 * Whose failures a wrong code counts as (sign-in/failures.ts): the account the number's code was
 * sent to, else a name standing for the number, so that guessing at numbers still counts at the address.
 */
const failureNameOf = (username: string | undefined, phone: string) => username ?? `sms:${phone}`;

/** Sign-in with a code sent by SMS: asking for the code, and signing in with it. */
export async function smsSignInRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  registerRoutes(app, [
    route(signIn.mobileCode, async (request) => {
      await assertSignInOption(rc, 'smsCode');
      codeRequests(request.ip);
      const codes = rc.messageEngine().signInCodes;
      if (!(await codes.available())) throw notConfigured();
      const phone = normalisePhone(request.body.phone);
      const found = await rc.directory.byPhone(phone);
      const user = found?.actived ? found : undefined;
      // The answer is the same whether or not the number is an active user's: only then is a code sent.
      await rc.smsCodes.issue(phone, user, async (tx, sent) => {
        const queued = await codes.enqueue(tx, {
          userId: sent.user.id,
          name: sent.user.name,
          phone: sent.user.phone ?? sent.phone,
          code: sent.code,
          expiresAt: sent.expiresAt,
        });
        if (!queued) throw notConfigured();
      });
      return { ok: true as const };
    }),
    route(signIn.mobile, async (request, reply) => {
      await assertSignInOption(rc, 'smsCode');
      const phone = normalisePhone(request.body.phone);
      const holder = await rc.smsCodes.holder(phone);
      const owner = holder ? await rc.directory.byIdNow(holder) : undefined;
      const name = failureNameOf(owner?.username, phone);
      const device = rc.devices.deviceFor(deviceCookieOf(request), name);
      const state = await rc.failures.state(name, request.ip, device);
      if (state.lockedForSeconds > 0) throw lockedError(state.lockedForSeconds);
      const outcome = owner ? await rc.smsCodes.consume(phone, owner.id, request.body.code) : 'wrong';
      if (outcome === 'expired') throw expiredSmsCode();
      if (outcome === 'wrong' || !owner?.actived) {
        await rc.failures.recordFailure(name, request.ip, device);
        const next = await rc.failures.state(name, request.ip, device);
        if (next.lockedForSeconds > 0) throw lockedError(next.lockedForSeconds);
        throw wrongSmsCode();
      }
      await rc.failures.recordSuccess(name, request.ip, device);
      return signInAfterFirstFactor(
        rc,
        { request, reply },
        { user: owner, remember: request.body.remember ?? false, returnTo: request.query.return_to },
      );
    }),
  ]);
}
