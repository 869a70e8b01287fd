import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, MenuNodeSchema, QUERY_LIMITS } from '@portal/contracts';
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
import { createMailer } from './platform/mailer.ts';
import { createMicroOrigins } from './platform/micro-origins.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { createPermissionDecider } from './services/permission/access/decider.ts';
import { permission } from './services/permission/index.ts';
import { createUserDirectory } from './services/permission/users/directory.ts';
import { createOrgTreeCache } from './services/permission/organizations/tree-cache.ts';
import { PREFIX as RECEPTION_PREFIX } from './services/reception-center/context.ts';
import { receptionCenter } from './services/reception-center/index.ts';
import { createReceptionCenter } from './services/reception-center/create.ts';
import { PREFIX as SYSTEM_CONFIG_PREFIX, systemConfig } from './services/system-config/index.ts';
import { messageEngine, PREFIX as MESSAGE_ENGINE_PREFIX } from './services/message-engine/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  events: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with its declared access, for the route-coverage tests. */
    registeredRoutes: RegisteredRoute[];
    services: Awaited<ReturnType<typeof createServices>>;
    /** Background jobs: handlers are registered on it; it runs from ready to close. */
    jobs: JobRunner;
  }
}

async function createServices({ config, database, events }: AppDeps) {
  const directory = createUserDirectory(database.db, events);
  const decider = createPermissionDecider(database.db, events);
  const orgTree = createOrgTreeCache(database.db, events);
  const rc = await createReceptionCenter({ config, db: database.db, events, directory });
  const microOrigins = createMicroOrigins({ db: database.db, events, publicUrl: config.publicUrl });
  return { directory, decider, orgTree, rc, mailer: createMailer(config), microOrigins };
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

  const services = await createServices(deps);
  app.decorate('services', services);
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  const { jobConcurrency: concurrency, jobMaxFailures: maxFailures } = deps.config;
  app.decorate('jobs', createJobRunner({ database: deps.database, events: deps.events, log: app.log, concurrency, maxFailures }));
  app.addHook('onReady', () => app.jobs.start());
  app.addHook('onClose', () => app.jobs.stop());
  app.addHook('onClose', async () => {
    services.directory.close();
    services.decider.close();
    services.orgTree.close();
    services.rc.close();
    services.microOrigins.close();
  });

  installErrorHandler(app);
  installInputGuard(app);
  installSecurityHeaders(app, { publicUrl: deps.config.publicUrl, microOrigins: services.microOrigins });
  app.addSchema(ErrorBody);
  app.addSchema(MenuNodeSchema);
  await app.register(formbody, { parser: (body) => qs.parse(body, { ...QUERY_LIMITS }) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Workbench portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessControl, {
    authenticate: services.rc.accessTokens.verify,
    isAllowed: services.decider.isAllowed,
    routes: app.registeredRoutes,
  });

  healthRoute(app, deps.database.ping);
  await app.register(receptionCenter, { prefix: RECEPTION_PREFIX, services: services.rc.context });
  await app.register(permission, {
    prefix: '/api/permission',
    services: {
      db: deps.database.db,
      decider: services.decider,
      directory: services.directory,
      orgTree: services.orgTree,
      applicationsChanged: services.microOrigins.changed,
      mailer: services.mailer,
    },
  });
  await app.register(systemConfig, { prefix: SYSTEM_CONFIG_PREFIX, services: { db: deps.database.db } });
  await app.register(messageEngine, {
    prefix: MESSAGE_ENGINE_PREFIX,
    services: { db: deps.database.db, events: deps.events, authenticate: services.rc.accessTokens.verify },
  });

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
