import type { UserDetail } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../platform/crypto.ts';
import { bearer, createUser, tokensFor } from '../../../../../test/app.ts';
import {
  adminId,
  auditOf as auditEntries,
  callAs,
  makeOrg,
  makeRole,
  superAdminRoleId,
  useAdminApp,
  userById,
} from '../../../../../test/factories/identity.ts';
import { signedInWithRoles, USER_PAGE, userCount } from '../../../../../test/factories/users.ts';

const { t, admin } = useAdminApp();

/** A phone number of its own for each suffix, the same every time. */
const digitsOf = (text: string) => String([...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_000_000, 7)).padStart(8, '0');
const create = (payload: Record<string, unknown>) => admin({ method: 'POST', url: '/users', payload });
const input = (suffix: string, extra: Record<string, unknown> = {}) => ({
  username: `crud-${suffix}`,
  name: `Crud ${suffix}`,
  email: `crud-${suffix}@example.org`,
  phone: `+1 ${digitsOf(suffix)}`,
  password: 'initial-password-1',
  ...extra,
});

describe('POST /users', () => {
  it('creates the user with a hashed password that must be changed, and records it without the hash', async () => {
    const org = await makeOrg(t);
    const response = await create(input('one', { orgId: org.id, description: 'first' }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UserDetail>();
    expect(body).toMatchObject({
      username: 'crud-one',
      orgId: org.id,
      orgName: org.name,
      actived: true,
      locked: false,
      passwordExpired: true,
    });
    expect(response.body).not.toContain('initial-password-1');
    const row = await userById(t, body.id);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? null, 'initial-password-1')).toBe(true);
    const [audit] = await auditEntries(t, 'users.create', body.id);
    expect(audit?.after).toMatchObject({ username: 'crud-one', passwordExpired: true });
    expect(JSON.stringify(audit?.after)).not.toMatch(/argon2|passwordHash/);
  });

  it('refuses a username, e-mail or phone that is taken with a 409 naming the field, creating nothing', async () => {
    await create(input('taken')).then((r) => expect(r.statusCode).toBe(200));
    const before = await userCount(t);
    const clashes: [string, Record<string, unknown>][] = [
      ['username', input('other', { username: 'CRUD-TAKEN' })],
      ['email', input('other', { email: 'Crud-Taken@Example.org' })],
      ['phone', input('other', { phone: input('taken').phone })],
    ];
    for (const [field, payload] of clashes) {
      const response = await create(payload);
      expect(response.statusCode, field).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', details: { field } });
      expect(response.json().message).toContain(field);
    }
    expect(await userCount(t)).toBe(before);
  });

  it('refuses bad input with a 400 and creates nothing', async () => {
    const before = await userCount(t);
    const bad: Record<string, unknown>[] = [
      { ...input('nopw'), password: undefined },
      input('short', { password: 'short' }),
      input('mail', { email: 'not-an-email' }),
      input('ph', { phone: 'call me' }),
      input('x', { username: 'a b' }),
      input('name', { name: '' }),
      input('org', { orgId: 'not-a-uuid' }),
      input('ghost', { orgId: '00000000-0000-4000-8000-000000000000' }),
    ];
    for (const payload of bad) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await userCount(t)).toBe(before);
  });
});

describe('GET /users/{id}', () => {
  it('answers the user with roles, groups and positions, 404 for an unknown id and 400 for a malformed one', async () => {
    const created = (await create(input('read'))).json<UserDetail>();
    const response = await admin({ method: 'GET', url: `/users/${created.id}` });
    expect(response.json()).toMatchObject({ id: created.id, username: 'crud-read', roles: [], groups: [], positions: [] });
    expect((await admin({ method: 'GET', url: '/users/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: '/users/123' })).statusCode).toBe(400);
  });
});

describe('PUT /users/{id}', () => {
  it('updates the fields given, keeps those left out, clears those set to null, and never the password', async () => {
    const created = (await create(input('edit', { description: 'keep me' }))).json<UserDetail>();
    const hashBefore = (await userById(t, created.id))?.passwordHash;
    const response = await admin({
      method: 'PUT',
      url: `/users/${created.id}`,
      payload: { username: 'crud-edited', name: 'Edited', phone: null, password: 'sneaky-password-1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'crud-edited',
      name: 'Edited',
      phone: null,
      email: created.email,
      description: 'keep me',
    });
    expect((await userById(t, created.id))?.passwordHash).toBe(hashBefore);
    const [audit] = await auditEntries(t, 'users.update', created.id);
    expect(audit?.before).toMatchObject({ username: 'crud-edit' });
    expect(audit?.after).toMatchObject({ username: 'crud-edited' });
  });

  it('refuses a taken e-mail (409) or bad input (400) and leaves the user as it was', async () => {
    const first = (await create(input('keep1'))).json<UserDetail>();
    const second = (await create(input('keep2'))).json<UserDetail>();
    const clash = await admin({
      method: 'PUT',
      url: `/users/${second.id}`,
      payload: { username: 'crud-keep2', name: 'x', email: first.email },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ details: { field: 'email' } });
    const bad = await admin({ method: 'PUT', url: `/users/${second.id}`, payload: { username: 'crud-keep2', name: 'x', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(await userById(t, second.id)).toMatchObject({ name: 'Crud keep2', email: second.email });
    const missing = await admin({
      method: 'PUT',
      url: '/users/00000000-0000-4000-8000-000000000000',
      payload: { username: 'nobody', name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('may keep its own username and e-mail (the unique check skips the user itself)', async () => {
    const user = (await create(input('self'))).json<UserDetail>();
    const response = await admin({
      method: 'PUT',
      url: `/users/${user.id}`,
      payload: { username: 'CRUD-SELF', name: 'Same', email: user.email },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('DELETE /users/{id}', () => {
  it('deletes the user and records what it was', async () => {
    const user = (await create(input('gone'))).json<UserDetail>();
    const response = await admin({ method: 'DELETE', url: `/users/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(await userById(t, user.id)).toBeUndefined();
    const [audit] = await auditEntries(t, 'users.delete', user.id);
    expect(audit?.before).toMatchObject({ username: 'crud-gone' });
    expect((await admin({ method: 'DELETE', url: `/users/${user.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete oneself', async () => {
    const response = await admin({ method: 'DELETE', url: `/users/${await adminId(t)}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/your own account/);
    expect(await userById(t, await adminId(t))).toBeDefined();
  });

  it('lets only a super-administrator delete a super-administrator, never the last active one', async () => {
    const manager = await signedInWithRoles(t, [(await makeRole(t, { resources: [USER_PAGE] })).id]);
    const asManager = callAs(t, manager.headers);
    const refused = await asManager({ method: 'DELETE', url: `/users/${await adminId(t)}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await userById(t, await adminId(t))).toBeDefined();

    // A second super-administrator may delete the first; nobody deletes the last one left.
    const second = await createUser(t, { roleIds: [await superAdminRoleId(t)] });
    expect((await asManager({ method: 'DELETE', url: `/users/${second.id}` })).statusCode).toBe(403);
    const asSecond = callAs(t, bearer((await tokensFor(t, second.username, second.password)).access_token));
    const third = await createUser(t, { roleIds: [await superAdminRoleId(t)] });
    expect((await asSecond({ method: 'DELETE', url: `/users/${third.id}` })).statusCode).toBe(200);
    expect(await userById(t, third.id)).toBeUndefined();
  });
});
