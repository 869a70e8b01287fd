import { qrSignInEndpoints as qrSignIn } from '@portal/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { qrLogins } from '../tables.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';
import { setSessionCookie } from '../sessions/cookie.ts';
import { assertSignInOption, secondFactorStep } from '../sign-in/options.ts';

const QR_TTL_SECONDS = 120;

/**
 * QR sign-in: the sign-in page shows a code carrying a public approve id and polls with a secret
 * only it holds; an already signed-in session approves the id; the next poll starts the session.
 * Each call is refused while the auth settings switch QR sign-in off.
 */
export async function qrcodeRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  registerRoutes(app, [
    route(qrSignIn.start, async () => {
      await assertSignInOption(rc, 'qr');
      const qrId = randomToken();
      const approveId = randomToken(16);
      await rc.db.delete(qrLogins).where(lt(qrLogins.expiresAt, new Date()));
      await rc.db.insert(qrLogins).values({ pollHash: sha256(qrId), approveId, expiresAt: new Date(Date.now() + QR_TTL_SECONDS * 1000) });
      return { qrId, content: `${rc.config.publicUrl}/personalCenter/qrApprove?approveId=${approveId}`, expiresIn: QR_TTL_SECONDS };
    }),
    route(qrSignIn.result, async (request, reply) => {
      await assertSignInOption(rc, 'qr');
      const [row] = await rc.db
        .select()
        .from(qrLogins)
        .where(eq(qrLogins.pollHash, sha256(request.query.qrId)));
      if (!row || row.status === 'consumed' || row.expiresAt.getTime() < Date.now()) return { status: 'expired' as const };
      if (row.status === 'pending' || !row.userId) return { status: 'pending' as const };
      // The phone vouches for its user, but not for an app the settings require and the account lacks.
      if ((await secondFactorStep(rc, row.userId)) === 'enrol') {
        throw new AppError('MFA_ENROLMENT_REQUIRED', 'This account must set up an authenticator app: sign in with the password first');
      }
      const [claimed] = await rc.db
        .update(qrLogins)
        .set({ status: 'consumed' })
        .where(and(eq(qrLogins.pollHash, row.pollHash), eq(qrLogins.status, 'approved')))
        .returning();
      if (!claimed) return { status: 'expired' as const };
      const { token } = await rc.sessions.start({
        userId: row.userId,
        remember: false,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, rc.config.publicUrl, token, undefined);
      return { status: 'approved' as const, redirect: '/' };
    }),
    route(qrSignIn.approve, async (request) => {
      await assertSignInOption(rc, 'qr');
      const [approved] = await rc.db
        .update(qrLogins)
        .set({ status: 'approved', userId: principalOf(request).userId })
        .where(and(eq(qrLogins.approveId, request.body.approveId), eq(qrLogins.status, 'pending'), gt(qrLogins.expiresAt, new Date())))
        .returning();
      if (!approved) throw new AppError('NOT_FOUND', 'This QR code has expired or was already used');
      return { ok: true as const };
    }),
  ]);
}
