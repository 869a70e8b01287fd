import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { publishCommitsOn } from './platform/db/transaction.ts';
import { createLocalEventBus, createPostgresEventBus } from './platform/events.ts';
import { saveClient } from './modules/reception-center/index.ts';

/**
 * An operator's way to register (or update) an OAuth client of the portal's OpenID Connect server,
 * on the database the server uses (same DATA_DIR / DATABASE_URL). With the embedded database, stop
 * the server first: one process at a time opens it. On PostgreSQL the running servers hear of the
 * change at once (the database's event channel) and forget the client as they knew it.
 *
 *   npm run oauth-client -w apps/server -- --id other-portal --secret '…' --redirect https://other/api/reception-center/oauth/third/callback
 *
 * `--introspect-any` lets a confidential client introspect tokens issued to any client (a resource
 * server that accepts the portal's own tokens); without it, introspection answers it only about
 * tokens meant for it. The registration is saved whole: run again without the flag, it loses the right.
 */
const USAGE =
  'Usage: npm run oauth-client -w apps/server -- --id <client id> [--secret <secret>] --redirect <uri> [--redirect <uri>…] [--name <name>] [--post-logout <uri>…] [--introspect-any]';

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
      'introspect-any': { type: 'boolean' },
    },
    strict: true,
  });
  const id = values.id ?? fail('--id is required');
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(id)) fail('--id may hold letters, digits and _.- only (1 to 64 characters)');
  const redirectUris = (values.redirect ?? []).map(absoluteUrl);
  if (redirectUris.length === 0) fail('at least one --redirect is required');
  if (values.secret !== undefined && values.secret.length < 16) fail('--secret must be at least 16 characters long');
  const introspectAny = values['introspect-any'] === true;
  // RFC 7662 §2.1: only a client that authenticates may introspect.
  if (introspectAny && values.secret === undefined) fail('--introspect-any needs --secret: a public client cannot introspect');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
  const database = await openDatabase(config);
  const events = database.pool ? await createPostgresEventBus(database.pool) : createLocalEventBus();
  publishCommitsOn(database.db, events);
  try {
    await database.migrate();
    await saveClient(database.db, {
      id,
      name: values.name ?? id,
      redirectUris,
      postLogoutRedirectUris: (values['post-logout'] ?? []).map(absoluteUrl),
      ...(values.secret === undefined ? {} : { secret: values.secret }),
      introspectAny,
    });
  } finally {
    await events.close();
    await database.close();
  }
  console.log(
    `OAuth client "${id}" saved (${values.secret === undefined ? 'public: PKCE only' : 'confidential'}${introspectAny ? ', introspects any token' : ''}), redirect URIs: ${redirectUris.join(', ')}`,
  );
}

void main();
