import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { createLocalEventBus, createPostgresEventBus } from './platform/events.ts';
import { prepareDatabase } from './bootstrap.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(config);
  const seed = await prepareDatabase(database, config);
  const events = database.pool ? await createPostgresEventBus(database.pool) : createLocalEventBus();
  const app = await buildApp({ config, database, events });
  app.addHook('onClose', async () => {
    await events.close();
    await database.close();
  });
  if (seed.generatedAdminPassword) {
    console.log(
      `\n  First start: administrator "${config.adminUsername}" created with password: ${seed.generatedAdminPassword}\n  (shown only once; set ADMIN_PASSWORD to choose it)\n`,
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`Portal on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
  console.log(`S3 API on port ${app.modules.oss.s3Port()}`);
}

void main();
