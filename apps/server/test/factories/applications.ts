import type { Application, ApplicationInput } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { randomToken } from '../../src/platform/crypto.ts';
import { rawRows } from '../../src/platform/db/client.ts';
import type { TestApp } from '../app.ts';
import { apiAs, makeRole, makeUser, snapshot, tokenOf, type Api } from './identity.ts';

/** A fresh, valid instant (letters and digits). */
export const newInstant = (prefix = 'app') => `${prefix}${randomToken(6).replace(/[^A-Za-z0-9]/g, 'x')}`;

/** Registers an application through the API; answers it, failing the test on any other answer. */
export async function registerApplication(api: Api, input: Partial<ApplicationInput> = {}): Promise<Application> {
  const response = await api.post('/v4/applications', { instant: newInstant(), name: 'Some app', type: 'Web', ...input });
  if (response.statusCode !== 200) throw new Error(`application create failed: ${response.statusCode} ${response.body}`);
  return response.json<Application>();
}

/** The identity tables and the registry, to prove a refused call changed nothing. */
export async function registrySnapshot(t: TestApp): Promise<string> {
  const rows = await rawRows(t.database.db, sql.raw(`select coalesce(json_agg(a order by a::text), '[]') as rows from applications a`));
  return `${await snapshot(t)}${JSON.stringify(rows)}`;
}

/** A signed-in user holding the menu nodes of these resources (and those below them), with their caller. */
export async function userHolding(t: TestApp, resources: string[]) {
  const role = resources.length > 0 ? await makeRole(t, { resources }) : undefined;
  const user = await makeUser(t, { roleIds: role ? [role.id] : [] });
  return { user, api: apiAs(t, await tokenOf(t, user)) };
}

/** The permission-prefixed path of an application's OAuth clients. */
export const clientsOf = (applicationId: string) => `/v4/applications/${applicationId}/clients`;

/** A valid confidential web client registration. */
export const webClient = { kind: 'web', confidential: true, redirectUris: ['https://crm.example.com/callback'] };
