import { PORTAL_CLIENT_ID, type AccountSession } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, tokenRequest, tokensFor } from '../../../../../test/app.ts';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { auditOf, permissionApi as api } from '../../../../../test/factories/identity.ts';
import { revokedFamilies, signInSessions } from '../../../../../test/tables.ts';
import { asSystem } from '../../../../platform/db/actor.ts';

const { t } = appPerFile();

type Tokens = Awaited<ReturnType<typeof tokensFor>>;
const list = (tokens: Tokens) => t.app.inject({ method: 'GET', url: api('/users/self/sessions'), headers: bearer(tokens.access_token) });
const signOut = (tokens: Tokens, id: string) =>
  t.app.inject({ method: 'DELETE', url: api(`/users/self/sessions/${id}`), headers: bearer(tokens.access_token) });
const signOutOthers = (tokens: Tokens) =>
  t.app.inject({ method: 'DELETE', url: api('/users/self/sessions'), headers: bearer(tokens.access_token) });
const works = async (tokens: Tokens) =>
  (await t.app.inject({ method: 'GET', url: api('/users/self'), headers: bearer(tokens.access_token) })).statusCode === 200;
const refreshes = async (tokens: Tokens) =>
  (await tokenRequest(t, { grant_type: 'refresh_token', client_id: PORTAL_CLIENT_ID, refresh_token: tokens.refresh_token })).statusCode ===
  200;

/** A user signed in from `count` places (each a session with its token chain). */
async function signedInFrom(count: number) {
  const user = await createUser(t);
  const sessions: Tokens[] = [];
  for (let i = 0; i < count; i++) sessions.push(await tokensFor(t, user.username, user.password));
  return { user, sessions };
}

/** The ids of the caller's current session and of their others, as the list gives them. */
const sessionIdsOf = async (tokens: Tokens) => {
  const listed = (await list(tokens)).json<AccountSession[]>();
  return { current: listed.find((session) => session.current)!.id, others: listed.filter((s) => !s.current).map((s) => s.id) };
};

describe('GET /users/self/sessions', () => {
  it("lists the caller's active sessions only, marks the current one and tells when each was last refreshed", async () => {
    const { user, sessions } = await signedInFrom(3);
    const [first, second, third] = sessions as [Tokens, Tokens, Tokens];
    await signedInFrom(1); // someone else
    const listed = (await list(first)).json<AccountSession[]>();
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const rows = await t.database.db.select().from(signInSessions).where(eq(signInSessions.userId, user.id));
    expect(new Set(listed.map((session) => session.id))).toEqual(new Set(rows.map((row) => row.id)));
    expect(listed[0]).toMatchObject({ ip: '127.0.0.1', remember: false, lastUsedAt: null, createdAt: expect.any(String) });
    // Different current session for a different caller.
    expect((await list(second)).json<AccountSession[]>().find((s) => s.current)?.id).not.toBe(listed.find((s) => s.current)?.id);

    expect(await refreshes(third)).toBe(true);
    const refreshed = (await list(first)).json<AccountSession[]>().filter((session) => session.lastUsedAt !== null);
    expect(refreshed).toHaveLength(1);

    const [revokedRow] = rows;
    await asSystem(t.database.db, (db) =>
      db.update(signInSessions).set({ revokedAt: new Date() }).where(eq(signInSessions.id, revokedRow!.id)),
    );
    expect((await list(first)).json<AccountSession[]>().map((s) => s.id)).not.toContain(revokedRow!.id);
  });
});

describe('DELETE /users/self/sessions/{id}', () => {
  it('signs that session out: its refresh token and access token stop working, the others keep going', async () => {
    const { user, sessions } = await signedInFrom(2);
    const [mine, other] = sessions as [Tokens, Tokens];
    const { current, others } = await sessionIdsOf(mine);
    const target = others[0]!;
    const response = await signOut(mine, target);
    expect(response.statusCode).toBe(200);
    expect(await works(other)).toBe(false);
    expect(await refreshes(other)).toBe(false);
    expect(await works(mine)).toBe(true);
    expect((await list(mine)).json<AccountSession[]>().map((s) => s.id)).toEqual([current]);
    const [entry] = await auditOf(t, 'users.sessions.revoke', user.id);
    expect(entry).toMatchObject({ actorId: user.id, after: { sessionId: target } });
    expect((await t.database.db.select().from(revokedFamilies)).length).toBeGreaterThan(0);
    // Already signed out: nothing left to sign out.
    expect((await signOut(mine, target)).statusCode).toBe(404);
  });

  it("answers 404 for someone else's session and leaves it alone; 400 for a malformed id", async () => {
    const mallory = await signedInFrom(1);
    const victim = await signedInFrom(1);
    const victimSession = (await sessionIdsOf(victim.sessions[0]!)).current;
    const response = await signOut(mallory.sessions[0]!, victimSession);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect(await works(victim.sessions[0]!)).toBe(true);
    expect(await refreshes(victim.sessions[0]!)).toBe(true);
    expect((await signOut(mallory.sessions[0]!, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await signOut(mallory.sessions[0]!, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('DELETE /users/self/sessions', () => {
  it('signs out every other session of the caller, keeping the current one and other users’ sessions', async () => {
    const { user, sessions } = await signedInFrom(3);
    const [mine, ...rest] = sessions as [Tokens, Tokens, Tokens];
    const bystander = await signedInFrom(1);
    const response = await signOutOthers(mine);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    for (const tokens of rest) {
      expect(await works(tokens)).toBe(false);
      expect(await refreshes(tokens)).toBe(false);
    }
    expect(await works(mine)).toBe(true);
    expect(await refreshes(mine)).toBe(true);
    expect(await works(bystander.sessions[0]!)).toBe(true);
    expect((await list(bystander.sessions[0]!)).json()).toHaveLength(1);
    const [entry] = await auditOf(t, 'users.sessions.revokeOthers', user.id);
    expect(entry).toMatchObject({ actorId: user.id, after: { sessionsRevoked: 2 } });
    expect((await signOutOthers(mine)).json()).toEqual({ revoked: 0 });
  });
});
