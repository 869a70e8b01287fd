import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (ARCHITECTURE.md, Security), set by helmet:
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
 *
 * helmet decides the headers, but it runs once per list of MicroWeb origins, not once per request:
 * its output is captured into a plain object that a synchronous hook hands to the reply. Run per
 * request (and @fastify/helmet does so behind two hooks), it rebuilt the policy string every time,
 * which cost /api/health about 30% of its requests per second measured against the same server
 * without headers (bench/, measurePair).
 */
/** The origins of enabled MicroWeb applications, whose modules the CSP admits (kept by the application registry). */
export interface ScriptOrigins {
  list(): readonly string[];
  isFresh(): boolean;
  refresh(): Promise<unknown>;
}

export function installSecurityHeaders(app: FastifyInstance, deps: { publicUrl: string; microOrigins: ScriptOrigins }) {
  const { microOrigins } = deps;
  const https = deps.publicUrl.startsWith('https:');
  const micro = () => microOrigins.list().join(' ');

  const middleware = helmet({
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
        // blob: frames show what the page itself fetched with the user's token (a PDF preview of object storage).
        'frame-src': ["'self'", 'blob:', 'http:', 'https:'],
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

  let headers: { origins: readonly string[]; values: Record<string, string> } | undefined;
  const current = () => {
    const origins = microOrigins.list();
    if (headers?.origins !== origins) headers = { origins, values: headersOf(middleware) };
    return headers.values;
  };

  // A request waits for the registry only after a change; otherwise the headers are ready.
  app.addHook('onRequest', (request, reply, done) => {
    if (microOrigins.isFresh()) {
      reply.headers(current());
      return done();
    }
    microOrigins.refresh().then(
      () => {
        reply.headers(current());
        done();
      },
      (error: unknown) => {
        // The last known origins are still a safe policy; the next request tries again.
        request.log.error({ err: error }, 'could not load the MicroWeb origins for the Content-Security-Policy');
        reply.headers(current());
        done();
      },
    );
  });
}

/** The headers a helmet middleware sets, captured once (none of ours depends on the request). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const values: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (values[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete values[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return values;
}
