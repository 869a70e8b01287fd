import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { saveClient } from './modules/reception-center/index.ts';

/**
 * An operator's way to register (or update) an OAuth client of the portal's OpenID Connect server,
 * on the database the server uses (same DATA_DIR / DATABASE_URL). With the embedded database, stop
 * the server first: one process at a time opens it.
 *
 *   npm run oauth-client -w apps/server -- --id other-portal --secret '…' --redirect https://other/api/reception-center/oauth/third/callback
 */
const USAGE =
  'Usage: npm run oauth-client -w apps/server -- --id <client id> [--secret <secret>] --redirect <uri> [--redirect <uri>…] [--name <name>] [--post-logout <uri>…]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function absoluteUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return raw;
  } catch {
    // Reported below.
  }
  return fail(`Not an http(s) address: ${raw}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      id: { type: 'string' },
      secret: { type: 'string' },
      name: { type: 'string' },
      redirect: { type: 'string', multiple: true },
      'post-logout': { type: 'string', multiple: true },
    },
    strict: true,
  });
  const id = values.id ?? fail('--id is required');
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(id)) fail('--id may hold letters, digits and _.- only (1 to 64 characters)');
  const redirectUris = (values.redirect ?? []).map(absoluteUrl);
  if (redirectUris.length === 0) fail('at least one --redirect is required');
  if (values.secret !== undefined && values.secret.length < 16) fail('--secret must be at least 16 characters long');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await saveClient(database.db, {
      id,
      name: values.name ?? id,
      redirectUris,
      postLogoutRedirectUris: (values['post-logout'] ?? []).map(absoluteUrl),
      ...(values.secret === undefined ? {} : { secret: values.secret }),
    });
  } finally {
    await database.close();
  }
  console.log(
    `OAuth client "${id}" saved (${values.secret === undefined ? 'public: PKCE only' : 'confidential'}), redirect URIs: ${redirectUris.join(', ')}`,
  );
}

void main();
