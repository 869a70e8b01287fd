import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDrained, signIn } from '../../../../../test/app.ts';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { nextAddress, signedInUser } from '../../../../../test/factories/account.ts';
import { auditOf, grantOrgRole, makeOrg, makeRole, makeUser, permissionApi as api } from '../../../../../test/factories/identity.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../../../test/smtp-peer.ts';
import { sha256 } from '../../../../platform/crypto.ts';
import { userInvites, users } from '../../tables.ts';
import { createInvite } from './invites.ts';

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer.close());
const { t, prepared: adminId } = appPerFile(async (app) => (await app.app.modules.permission.directory.byUsername('admin'))!.id, {
  env: () => ({ SMTP_URL: peer.url, MAIL_FROM: 'Portal <portal@example.test>' }),
});

const state = (token: string) => t.app.inject({ method: 'GET', url: api(`/users/open/invite/state?token=${encodeURIComponent(token)}`) });
const confirm = (payload: object) =>
  t.app.inject({ method: 'POST', url: api('/users/open/invite/confirm'), payload, remoteAddress: nextAddress() });
let n = 0;
const joiner = (token: string, extra: object = {}) => {
  n += 1;
  return { token, username: `joiner-${n}`, name: `Joiner ${n}`, password: 'joiner-password', ...extra };
};

describe('invitations', () => {
  it('answers to its inviter: nobody is invited into an organisation holding what the inviter lacks', async () => {
    const org = await makeOrg(t);
    await grantOrgRole(t, org.id, (await makeRole(t, { resources: ['systemManage:roleManage'] })).id);
    const inviter = await makeUser(t);
    const token = await createInvite(t.database.db, { email: 'above@example.test', orgId: org.id, invitedBy: inviter.id });
    const refused = await confirm(joiner(token));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'above@example.test'))).toEqual([]);
    expect((await state(token)).json().state).toBe('pending');
  });

  it('tells what an invitation is for, then creates the user in its organisation once', async () => {
    const org = await makeOrg(t);
    const token = await createInvite(t.database.db, { email: 'invited@example.test', orgId: org.id, invitedBy: adminId() });
    const [stored] = await t.database.db.select().from(userInvites).where(eq(userInvites.email, 'invited@example.test'));
    expect(stored?.tokenHash).toBe(sha256(token));
    expect((await auditOf(t, 'users.invite.create', 'invited@example.test'))[0]).toMatchObject({ actorId: adminId() });

    expect((await state(token)).json()).toEqual({ state: 'pending', email: 'invited@example.test', orgName: org.name });
    const body = joiner(token);
    const response = await confirm(body);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ username: body.username, email: 'invited@example.test', orgId: org.id, passwordExpired: false });
    expect(await signIn(t.app, body.username, body.password)).toBeTruthy();
    expect((await state(token)).json().state).toBe('confirmed');
    expect((await auditOf(t, 'users.invite.confirm', id))[0]).toMatchObject({ actorId: null, after: { orgId: org.id } });

    const again = await confirm(joiner(token));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already been used/);
  });

  it('refuses an expired or unknown invitation', async () => {
    const token = await createInvite(t.database.db, { email: 'late@example.test', orgId: null, invitedBy: null });
    await t.database.db
      .update(userInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvites.tokenHash, sha256(token)));
    expect((await state(token)).json()).toEqual({ state: 'expired', email: 'late@example.test', orgName: null });
    const expired = await confirm(joiner(token));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
    expect((await state('no-such-invitation')).statusCode).toBe(404);
    expect((await confirm(joiner('no-such-invitation'))).json()).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'token' } });
    expect((await state('')).statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'late@example.test'))).toEqual([]);
  });

  it('answers 409 for a taken username or email and 400 for bad input, keeping the invitation usable', async () => {
    const existing = await signedInUser(t, { email: 'already@example.test' });
    const taken = await createInvite(t.database.db, { email: 'Already@Example.test', orgId: null, invitedBy: adminId() });
    const emailTaken = await confirm(joiner(taken));
    expect(emailTaken.statusCode).toBe(409);
    expect(emailTaken.json().details).toEqual({ field: 'email' });

    const token = await createInvite(t.database.db, { email: 'fresh@example.test', orgId: null, invitedBy: adminId() });
    const nameTaken = await confirm(joiner(token, { username: existing.username }));
    expect(nameTaken.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'username' } });
    expect((await confirm(joiner(token, { password: 'short' }))).statusCode).toBe(400);
    expect((await confirm(joiner(token, { username: 'samename', password: 'SAMENAME' }))).json().code).toBe('PASSWORD_POLICY');
    expect((await confirm({ token })).statusCode).toBe(400);
    expect((await state(token)).json().state).toBe('pending');
    expect((await confirm(joiner(token))).statusCode).toBe(201);
  });

  it('needs no sign-in and does not depend on self-registration being switched on', async () => {
    const token = await createInvite(t.database.db, { email: 'open@example.test', orgId: null, invitedBy: adminId() });
    // The settings table holds no registration switch in this app: self-registration is off.
    const registration = { username: 'would-register', name: 'Would', email: 'would@example.test', password: 'a-fine-password' };
    expect((await t.app.inject({ method: 'POST', url: api('/users/open/registered'), payload: registration })).statusCode).toBe(403);
    expect((await confirm(joiner(token))).statusCode).toBe(201);
  });

  it('mails the invitation, queued with it: the link in the mail opens it', async () => {
    const org = await makeOrg(t);
    await createInvite(
      t.database.db,
      { email: 'mailed@example.test', orgId: org.id, invitedBy: adminId() },
      { mail: { publicUrl: t.config.publicUrl, systemName: 'Acme Workspace' } },
    );
    await outboxDrained(t);
    const [mail] = peer.to('mailed@example.test');
    expect(mail?.headers.subject).toBe('You are invited to Acme Workspace');
    expect(mail?.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);
    expect(mail?.text).toContain(org.name);
    const link = new URL(String(mail?.text.match(/http:\/\/portal\.test\S+/)?.[0]));
    expect(link.pathname).toBe('/register/invite');
    expect((await state(String(link.searchParams.get('token')))).json()).toMatchObject({ state: 'pending', email: 'mailed@example.test' });
  });
});
