import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../app.ts';
import { freePort } from '../free-port.ts';

/** Settings of buildTestApp for one file's app, or a function answering them once that file's earlier hooks ran. */
export type AppEnv = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

export interface AppOptions {
  /**
   * Settings over buildTestApp's defaults, e.g. `{ SMTP_URL }`. A function is called in beforeAll, so it can
   * read what the file's own earlier beforeAll started (a mail server, a free port, a directory).
   */
  env?: AppEnv;
}

/**
 * Builds the test file's app before its tests (then `prepare`, e.g. an administrator's caller) and
 * closes it after them. The answered `t` and `prepared()` reach the app once built, so a test file's
 * set-up is one line at its top. Hooks run as a stack: a file's beforeAll registered before this call
 * runs before the app is built (its afterAll after the app is closed); one registered after it runs
 * once the app is built (its afterAll before the app is closed).
 */
export function appPerFile<P = undefined>(
  prepare: (t: TestApp) => Promise<P> = async () => undefined as P,
  options: AppOptions = {},
): { t: TestApp; prepared: () => P } {
  let built: { t: TestApp; prepared: P } | undefined;
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    const t = await buildTestApp(env);
    built = { t, prepared: await prepare(t) };
  });
  afterAll(() => built?.t.close());
  const current = () => {
    if (!built) throw new Error('the test app is built in beforeAll: use it inside hooks and tests');
    return built;
  };
  const t: TestApp = {
    get app() {
      return current().t.app;
    },
    get database() {
      return current().t.database;
    },
    get events() {
      return current().t.events;
    },
    get config() {
      return current().t.config;
    },
    close: () => current().t.close(),
  };
  return { t, prepared: () => current().prepared };
}

/** A free loopback port and its address, the PUBLIC_URL of an app about to listen there. */
async function freeOrigin(): Promise<{ port: number; origin: string }> {
  const port = await freePort();
  return { port, origin: `http://127.0.0.1:${port}` };
}

/** The real app listening on a free loopback port, PUBLIC_URL its address: for a test that closes it itself. */
export async function buildListeningApp(env: Record<string, string> = {}): Promise<{ t: TestApp; origin: string }> {
  const { port, origin } = await freeOrigin();
  const t = await buildTestApp({ ...env, PUBLIC_URL: origin });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, origin };
}

/**
 * appPerFile, listening on a free loopback port for real HTTP (a streamed answer, an off-the-shelf
 * OpenID Connect client, another portal), with PUBLIC_URL that address so the issuer and redirect
 * addresses the app derives lead back to it. `origin()` answers the address once the app is built.
 */
export function listeningAppPerFile<P = undefined>(
  prepare: (t: TestApp) => Promise<P> = async () => undefined as P,
  options: AppOptions = {},
): { t: TestApp; prepared: () => P; origin: () => string } {
  let port = 0;
  let address: string | undefined;
  const { t, prepared } = appPerFile(
    async (app) => {
      await app.app.listen({ port, host: '127.0.0.1' });
      return prepare(app);
    },
    {
      env: async () => {
        const env = typeof options.env === 'function' ? await options.env() : options.env;
        ({ port, origin: address } = await freeOrigin());
        return { ...env, PUBLIC_URL: address };
      },
    },
  );
  const origin = () => {
    if (!address) throw new Error('the test app listens once built in beforeAll: use origin() inside hooks and tests');
    return address;
  };
  return { t, prepared, origin };
}
