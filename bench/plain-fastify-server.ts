import Fastify, { LogController } from 'fastify';

/**
 * The second yardstick for GET /api/health: a minimal Fastify 5 app answering the same body on the
 * same route. Its logger runs at the portal's level (LOG_LEVEL, default info) and, as the portal's
 * does below debug, writes no line per request, so both do the same logging work.
 */
const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  logController: new LogController({ disableRequestLogging: true }),
});
app.get('/api/health', (_request, reply) => reply.send({ status: 'ok', database: 'up' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
