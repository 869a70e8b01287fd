import { SESSION_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authorizeUrl, createUser, pkce, signIn } from '../../../../test/app.ts';
import { callback, configureProvider, sessionOf, startAt, throughProvider } from '../../../../test/factories/external-sign-in.ts';
import { appPerFile, listeningAppPerFile } from '../../../../test/factories/suite.ts';
import { userExternalIdentities, users } from '../../../../test/tables.ts';
import { saveClient } from '../oauth/clients.ts';

/**
 * Two portals: the one under test signs in through the other, a real OpenID Connect provider (our
 * own server, listening), with a confidential client registered for the first one's callback.
 */
const { t: provider, origin } = listeningAppPerFile();
const { t } = appPerFile(async (app) => {
  await saveClient(provider.database.db, {
    id: 'portal-a',
    name: 'Portal A',
    redirectUris: [`${app.config.publicUrl}/api/reception-center/oauth/third/callback`],
    secret: 'portal-a-secret-1',
  });
  const issuer = `${origin()}/api/reception-center`;
  await configureProvider(
    app,
    { id: 'portal-b', issuer, clientId: 'portal-a', clientSecret: 'portal-a-secret-1' },
    {
      autoLink: false,
      createAccounts: true,
    },
  );
});

describe('another portal as the identity provider', () => {
  it('signs in through it: an account is created and linked to its subject, and the next sign-in finds it', async () => {
    const there = await createUser(provider, { username: 'remote-user' });
    const cookie = `${SESSION_COOKIE}=${await signIn(provider.app, there.username, there.password)}`;
    const { challenge } = pkce();
    const back = authorizeUrl(t, challenge);
    const authorization = await startAt(t, back, 'portal-b');
    expect(authorization.href.startsWith(`${origin()}/api/reception-center/oauth/authorize?`)).toBe(true);
    const first = await callback(t, await throughProvider(authorization, cookie));
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(back);
    expect(sessionOf(first)).toBeTruthy();
    const [link] = await t.database.db.select().from(userExternalIdentities).where(eq(userExternalIdentities.subject, there.id));
    expect(link?.providerId).toBe('portal-b');
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, link?.userId ?? ''));
    expect(account).toMatchObject({ username: 'remote-user', passwordHash: null });

    const second = await callback(t, await throughProvider(await startAt(t, back, 'portal-b'), cookie));
    expect(sessionOf(second)).toBeTruthy();
    const links = await t.database.db.select().from(userExternalIdentities).where(eq(userExternalIdentities.providerId, 'portal-b'));
    expect(links).toHaveLength(1);
  });
});
