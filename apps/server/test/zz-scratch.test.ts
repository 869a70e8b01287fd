import { it, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp } from './app.ts';
import { makeRole, makeUser, tokenOf, menuIdOf, apiAs } from './factories/identity.ts';
import { rawRows } from '../src/platform/db/client.ts';
it('debug', async () => {
  const t = await buildTestApp({ LOG_LEVEL: 'error' });
  const caller = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:roleManage'] })).id] });
  const callerApi = apiAs(t, await tokenOf(t, caller));
  const target = await makeRole(t);
  const notHeld = await menuIdOf(t, 'systemManage:navManage:menuManage:create');
  console.log(
    await rawRows(t.database.db, sql`select current_setting('portal.actor', true) as a, (select count(*) from change_journal) as n`),
  );
  const r = await callerApi.put(`/roles/${target.id}/resources`, { menuIds: [notHeld] });
  console.log(r.statusCode, r.body);
  expect(1).toBe(1);
  await t.close();
});
