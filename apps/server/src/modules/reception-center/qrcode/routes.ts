import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, Ok, QrCode, QrCodeResult } from '@portal/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import { Type } from 'typebox';
import { qrLogins } from '../tables.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import { principalOf } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';
import { setSessionCookie } from '../sessions/cookie.ts';

const QR_TTL_SECONDS = 120;

/**
 * QR sign-in: the sign-in page shows a code carrying a public approve id and polls with a secret
 * only it holds; an already signed-in session approves the id; the next poll starts the session.
 */
export const qrcodeRoutes: FastifyPluginAsyncTypebox<ReceptionCenter> = async (app, rc) => {
  app.get(
    '/oauth/qrcode',
    { config: { access: 'open' }, schema: { tags: ['sign-in'], summary: 'Starts a QR sign-in', response: { 200: QrCode } } },
    async () => {
      const qrId = randomToken();
      const approveId = randomToken(16);
      await rc.db.delete(qrLogins).where(lt(qrLogins.expiresAt, new Date()));
      await rc.db.insert(qrLogins).values({ pollHash: sha256(qrId), approveId, expiresAt: new Date(Date.now() + QR_TTL_SECONDS * 1000) });
      return { qrId, content: `${rc.config.publicUrl}/personalCenter/qrApprove?approveId=${approveId}`, expiresIn: QR_TTL_SECONDS };
    },
  );

  app.get(
    '/oauth/qrcode/result',
    {
      config: { access: 'open' },
      schema: {
        tags: ['sign-in'],
        summary: 'Polls a QR sign-in; once approved, starts the session',
        querystring: Type.Object({ qrId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: QrCodeResult },
      },
    },
    async (request, reply) => {
      const [row] = await rc.db
        .select()
        .from(qrLogins)
        .where(eq(qrLogins.pollHash, sha256(request.query.qrId)));
      if (!row || row.status === 'consumed' || row.expiresAt.getTime() < Date.now()) return { status: 'expired' as const };
      if (row.status === 'pending' || !row.userId) return { status: 'pending' as const };
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
    },
  );

  app.post(
    '/oauth/qrcode/approve',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['sign-in'],
        summary: 'Approves a QR sign-in from an already signed-in session',
        body: Type.Object({ approveId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Ok, 404: ErrorBody },
      },
    },
    async (request) => {
      const [approved] = await rc.db
        .update(qrLogins)
        .set({ status: 'approved', userId: principalOf(request).userId })
        .where(and(eq(qrLogins.approveId, request.body.approveId), eq(qrLogins.status, 'pending'), gt(qrLogins.expiresAt, new Date())))
        .returning();
      if (!approved) throw new AppError('NOT_FOUND', 'This QR code has expired or was already used');
      return { ok: true as const };
    },
  );
};
