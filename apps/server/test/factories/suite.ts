import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../app.ts';

/**
 * Builds the test file's app before its tests (then `prepare`, e.g. an administrator's caller) and
 * closes it after them. The answered `t` and `prepared()` reach the app once built, so a test file's
 * set-up is one line at its top.
 */
export function appPerFile<P>(prepare: (t: TestApp) => Promise<P>): { t: TestApp; prepared: () => P } {
  let built: { t: TestApp; prepared: P } | undefined;
  beforeAll(async () => {
    const t = await buildTestApp();
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
