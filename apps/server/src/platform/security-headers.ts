import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { MicroOrigins } from './micro-origins.ts';

/** The application registry's write routes: a success may change the origins MicroWeb modules load from. */
const REGISTRY_ROUTE = /^\/api\/permission\/(v4\/)?applications(\/|$)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers on every response (ARCHITECTURE.md, Security), through @fastify/helmet:
 *
 * - Content-Security-Policy without inline script: scripts only from the portal and from the
 *   registered MicroWeb applications' origins (the shell imports their modules and reads their
 *   menu.json). Styles may be inline, since Ant Design (and the micro apps) inject theirs at run
 *   time. Frames may show any http(s) page, since WebThird applications are arbitrary
 *   administrator-registered addresses; images may come from anywhere (application icons,
 *   avatars). Only the portal may frame the portal (frame-ancestors, and X-Frame-Options for old
 *   browsers), so no other site can overlay the sign-in page.
 * - Referrer-Policy strict-origin-when-cross-origin: another site never sees a portal address,
 *   which may carry a code or a token, only our origin.
 * - HSTS only when PUBLIC_URL is https: on plain http it would lock browsers out of the portal.
 * - Opener policy same-origin-allow-popups: a NewTab application opened from the shell keeps
 *   working (the shell fills in the tab's address after refreshing the token).
 * - Headers with no effect in current browsers (X-XSS-Protection, X-Download-Options, ...) are
 *   left out: every response carries these, including the health check under load.
 */
export async function installSecurityHeaders(app: FastifyInstance, deps: { publicUrl: string; microOrigins: MicroOrigins }) {
  const { microOrigins } = deps;
  const https = deps.publicUrl.startsWith('https:');
  const micro = () => microOrigins.list().join(' ');

  // Before helmet's own hooks, which read the origins synchronously; a request only waits after a change.
  app.addHook('onRequest', (request, _reply, done) => {
    if (microOrigins.isFresh()) return done();
    microOrigins.refresh().then(
      () => done(),
      (error: unknown) => {
        // The last known origins are still a safe policy; the next request tries again.
        request.log.error({ err: error }, 'could not load the MicroWeb origins for the Content-Security-Policy');
        done();
      },
    );
  });
  app.addHook('onSend', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return;
    if (REGISTRY_ROUTE.test(request.routeOptions.url ?? '')) await microOrigins.changed();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'script-src': ["'self'", micro],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'", micro],
        'font-src': ["'self'", 'data:', micro],
        'connect-src': ["'self'", micro],
        'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        'frame-src': ["'self'", 'http:', 'https:'],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'sameorigin' },
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });
}
