import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from './bootstrap.ts';
import { loadConfig } from './platform/config.ts';
import { EMBEDDED_SHARED_BUFFERS, openDatabase, rawRows } from './platform/db/client.ts';
import { menus, roles, users } from './modules/permission/tables.ts';
import { MENU_CATALOGUE, walkCatalogue } from '@portal/contracts';
import { verifyPassword } from './platform/crypto.ts';
import { asSystem } from './platform/db/actor.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('start-up on the embedded database', () => {
  it('migrates and seeds on first start, then a restart keeps the data and seeds nothing again', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await openDatabase(config);
    const seeded = await prepareDatabase(first, config);
    expect(seeded).toMatchObject({ generatedAdminPassword: expect.stringMatching(/^.{16}$/) });
    const [admin] = await first.db.select().from(users).where(eq(users.username, 'admin'));
    expect(await verifyPassword(admin?.passwordHash ?? null, seeded.generatedAdminPassword ?? '')).toBe(true);
    await asSystem(first.db, (db) => db.insert(users).values({ username: 'kept', name: 'Kept across restarts' }));
    await first.close();

    const second = await openDatabase(config);
    expect(await prepareDatabase(second, config)).toEqual({});
    const names = (await second.db.select({ username: users.username }).from(users)).map((u) => u.username).sort();
    expect(names).toEqual(['admin', 'kept']);
    expect((await second.db.select({ n: count() }).from(roles))[0]?.n).toBe(1);
    // The console's tree is the catalogue, seeded once; applications' own trees are counted apart.
    const consoleNodes = await second.db.select({ n: count() }).from(menus).where(isNull(menus.applicationId));
    expect(consoleNodes[0]?.n).toBe([...walkCatalogue(MENU_CATALOGUE)].length);
    const [buffers] = await rawRows<{ shared_buffers: string }>(second.db, sql`show shared_buffers`);
    expect(buffers?.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    await second.close();
    // Two start-ups from nothing (WebAssembly, every migration, the seed): about 10 s on a quiet
    // machine, several times that on a loaded one.
  }, 120_000);
});
