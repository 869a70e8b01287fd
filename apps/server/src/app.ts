import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DictItemNodeSchema, ErrorBody, MenuNodeSchema, QUERY_LIMITS } from '@portal/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import qs from 'qs';
import { accessControl, type RegisteredRoute } from './platform/access.ts';
import type { Config, TrustProxy } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import type { EventBus } from './platform/events.ts';
import { healthRoute } from './platform/health.ts';
import { installInputGuard } from './platform/input-guard.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/index.ts';
import { createObjectStorage } from './platform/storage/drivers.ts';
import { createMailer } from './platform/mailer.ts';
import { createOutbound } from './platform/outbound/guard.ts';
import { MAIL_JOB, sendQueuedMail } from './platform/mail-jobs.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { publishCommitsOn } from './platform/db/transaction.ts';
import { createModules, type ModuleApis } from './assemble.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  events: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with its declared access, for the route-coverage tests. */
    registeredRoutes: RegisteredRoute[];
    /** Each module's public api, by module name (start-up wiring and tests). */
    modules: ModuleApis;
    /** Background jobs (platform/jobs): runs from ready until close. */
    jobs: JobRunner;
  }
}

/** Fastify's types have no hop count (its runtime has): the same rule, trusting the first `hops` addresses. */
const trustProxyOption = (trust: TrustProxy) => (typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust);

/** Builds the whole server: every service module under its prefix, the API docs and the SPA. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Per-request logs only when debugging: at production rates they cost more than the requests.
    // A child logger per request costs more than a health check; log lines that matter name the
    // request id themselves (see error-handler.ts), so requests share the server's logger.
    childLoggerFactory: (logger) => logger,
    logController: new LogController({ disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace' }),
    exposeHeadRoutes: false,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 500,
      // Most requests carry no query string: they skip the parser's option handling.
      querystringParser: (query) => (query ? (qs.parse(query, QUERY_LIMITS) as Record<string, unknown>) : {}),
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  publishCommitsOn(deps.database.db, deps.events);
  const { jobConcurrency: concurrency, jobMaxFailures: maxFailures, jobLeaseMs: leaseMs } = deps.config;
  const jobs = createJobRunner({ database: deps.database, events: deps.events, log: app.log, concurrency, maxFailures, leaseMs });
  const mailer = createMailer(deps.config);
  if (mailer) jobs.register(MAIL_JOB, sendQueuedMail(mailer));
  const outbound = createOutbound({ allow: deps.config.outboundAllow, log: app.log });
  const modules = await createModules({
    ...deps,
    db: deps.database.db,
    mailer,
    jobs,
    log: app.log,
    storage: createObjectStorage(deps.config),
    outbound,
  });
  app.decorate('modules', modules.apis);
  app.decorate('jobs', jobs);
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onReady', () => modules.start());
  // Before every onClose hook (those run last-added first, and the database's is added after this
  // function): running handlers finish and their results are recorded while the database is open.
  app.addHook('preClose', () => jobs.stop());
  app.addHook('onClose', modules.close);
  app.addHook('onClose', () => outbound.close());
  const { permission, receptionCenter } = modules.apis;

  installErrorHandler(app);
  installInputGuard(app);
  installSecurityHeaders(app, { publicUrl: deps.config.publicUrl, microOrigins: permission.microOrigins });
  app.addSchema(ErrorBody);
  app.addSchema(MenuNodeSchema);
  app.addSchema(DictItemNodeSchema);
  await app.register(formbody, { parser: (body) => qs.parse(body, { ...QUERY_LIMITS }) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Workbench portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // The declared HEAD calls (is this name taken?) are part of the API: documented like the rest.
    exposeHeadRoutes: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessControl, {
    authenticate: receptionCenter.authenticate,
    isAllowed: permission.isAllowed,
    routes: app.registeredRoutes,
  });

  healthRoute(app, deps.database.ping);
  await modules.registerRoutes(app);

  const webDist = deps.config.webDistDir;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  // Files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      // Built assets carry a content hash in their name: cached for good. The page itself: always revalidated.
      setHeaders: (res, filePath) =>
        res.setHeader('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (an asset of an older build) is a 404, never the SPA's HTML in its place.
    if (path.startsWith('/api/') || /\.[A-Za-z0-9]+$/.test(path) || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${path}` });
    }
    // Any other page address belongs to the SPA's router.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
