import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/platform/db/client.ts';
import { createPostgresEventBus } from '../src/platform/events.ts';
import type { TestApp } from './app.ts';

/**
 * A second instance on the first one's PostgreSQL database, with its own pool and event bus, as
 * another process would have (the `*.pg.test.ts` that check what crosses instances).
 */
export async function secondInstance(first: TestApp): Promise<TestApp> {
  const database = openPostgres(String(first.database.pool?.options.connectionString), 5);
  if (!database.pool) throw new Error('expected PostgreSQL');
  const events = await createPostgresEventBus(database.pool);
  const app = await buildApp({ config: first.config, database, events });
  await app.ready();
  return {
    app,
    database,
    events,
    config: first.config,
    async close() {
      await app.close();
      await events.close();
      await database.close();
    },
  };
}
