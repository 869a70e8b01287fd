import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import { notFound } from '../../../platform/errors.ts';
import { oauthClients, type GrantType } from '../tables.ts';
import { forgetClient, type OAuthClient } from './clients.ts';

/** What an application's client looks like to its administrators: never its secret, nor the secret's hash. */
export interface ApplicationClientView {
  clientId: string;
  kind: 'web' | 'machine';
  confidential: boolean;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: GrantType[];
  createdAt: string;
}

/** A registration already checked by the caller (permission's routes): the fields to store. */
export interface ApplicationClientFields {
  confidential: boolean;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: GrantType[];
}

/** A secret is shown once, in the answer that created it; only its hash is kept. */
export interface IssuedSecret {
  client: ApplicationClientView;
  clientSecret: string | null;
}

const view = (client: OAuthClient): ApplicationClientView => ({
  clientId: client.id,
  kind: client.kind ?? 'web',
  confidential: client.secretHash !== null,
  redirectUris: client.redirectUris,
  postLogoutRedirectUris: client.postLogoutRedirectUris,
  grantTypes: client.grantTypes,
  createdAt: client.createdAt.toISOString(),
});

/** 256 random bits: a client secret is never chosen by a person, so a fast hash of it is enough at rest. */
const newSecret = () => randomToken(32);

/**
 * The OAuth clients of applications (issue 14), kept in the reception-center's table and reached by
 * the permission module through the reception-center's api, inside the caller's transaction.
 */
export const applicationClients = {
  /** Call after the commit of a change to a client, so this instance's cache does not keep the old row. */
  forget: forgetClient,

  async list(db: Db, applicationId: string): Promise<ApplicationClientView[]> {
    const rows = await db.select().from(oauthClients).where(eq(oauthClients.applicationId, applicationId)).orderBy(oauthClients.kind);
    return rows.map(view);
  },

  /** Registers the application's client of a kind; the unique index refuses a second one of that kind. */
  async register(
    db: Db,
    registration: { applicationId: string; applicationName: string; kind: 'web' | 'machine' } & ApplicationClientFields,
  ): Promise<IssuedSecret> {
    const clientSecret = registration.confidential ? newSecret() : null;
    const [row] = await db
      .insert(oauthClients)
      .values({
        // Unguessable, so a client id says nothing about which application it is.
        id: `app-${randomToken(12)}`,
        name: `${registration.applicationName} (${registration.kind})`,
        applicationId: registration.applicationId,
        kind: registration.kind,
        secretHash: clientSecret ? sha256(clientSecret) : null,
        redirectUris: registration.redirectUris,
        postLogoutRedirectUris: registration.postLogoutRedirectUris,
        grantTypes: registration.grantTypes,
      })
      .returning();
    if (!row) throw new Error('client insert returned nothing');
    return { client: view(row), clientSecret };
  },

  /** New addresses and grant types; a client turned confidential gets its first secret, one turned public loses it. */
  async update(db: Db, applicationId: string, clientId: string, fields: ApplicationClientFields): Promise<IssuedSecret> {
    const current = await this.find(db, applicationId, clientId);
    const clientSecret = fields.confidential && current.secretHash === null ? newSecret() : null;
    const secretHash = fields.confidential ? (clientSecret ? sha256(clientSecret) : current.secretHash) : null;
    const [row] = await db
      .update(oauthClients)
      .set({
        redirectUris: fields.redirectUris,
        postLogoutRedirectUris: fields.postLogoutRedirectUris,
        grantTypes: fields.grantTypes,
        secretHash,
        ...(secretHash === current.secretHash ? {} : { secretChangedAt: new Date() }),
      })
      .where(eq(oauthClients.id, clientId))
      .returning();
    return { client: view(row ?? current), clientSecret };
  },

  /**
   * A new secret; the old one stops working at the commit on this instance (`forget`), within the client
   * cache's seconds elsewhere, and so do the tokens it obtained (introspection answers them inactive).
   */
  async rotateSecret(db: Db, applicationId: string, clientId: string): Promise<IssuedSecret> {
    const current = await this.find(db, applicationId, clientId);
    const clientSecret = newSecret();
    await db
      .update(oauthClients)
      .set({ secretHash: sha256(clientSecret), secretChangedAt: new Date() })
      .where(eq(oauthClients.id, clientId));
    return { client: { ...view(current), confidential: true }, clientSecret };
  },

  async remove(db: Db, applicationId: string, clientId: string): Promise<ApplicationClientView> {
    const current = await this.find(db, applicationId, clientId);
    await db.delete(oauthClients).where(eq(oauthClients.id, clientId));
    return view(current);
  },

  /** One client of this application: another application's client is as unknown as a missing one. */
  async find(db: Db, applicationId: string, clientId: string): Promise<OAuthClient> {
    const [row] = await db
      .select()
      .from(oauthClients)
      .where(and(eq(oauthClients.id, clientId), eq(oauthClients.applicationId, applicationId)))
      .for('update');
    if (!row) throw notFound('A client of this application');
    return row;
  },
};

export type ApplicationClients = typeof applicationClients;
