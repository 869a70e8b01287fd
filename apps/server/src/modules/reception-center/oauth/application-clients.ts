import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Tx } from '../../../platform/db/transaction.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { oauthClients, type GrantType } from '../tables.ts';
import { CLIENT_CHANGED_TOPIC, type OAuthClient } from './clients.ts';

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

/** The application a change is made for, as the caller (permission's routes) read it in its transaction. */
export interface ClientOwner {
  id: string;
  enabled: boolean;
}

/**
 * 256 random bits: a client secret is never chosen by a person, so a fast hash of it is enough at rest.
 * A disabled application's clients keep the secrets they hold and get no new one until it is enabled
 * again: a secret handed out then would be one more credential to an application switched off.
 */
function newSecretFor(application: ClientOwner): string {
  if (!application.enabled) {
    throw new AppError('CONFLICT', 'The application is disabled: enable it before issuing a client secret', { field: 'state' });
  }
  return randomToken(32);
}

/**
 * The OAuth clients of applications (issue 14), kept in the reception-center's table and reached by
 * the permission module through the reception-center's api, inside the caller's transaction. Each
 * change announces itself after the commit (CLIENT_CHANGED_TOPIC): every instance's client registry
 * forgets the old row.
 */
export const applicationClients = {
  async list(db: Db, applicationId: string): Promise<ApplicationClientView[]> {
    const rows = await db.select().from(oauthClients).where(eq(oauthClients.applicationId, applicationId)).orderBy(oauthClients.kind);
    return rows.map(view);
  },

  /** Registers the application's client of a kind; the unique index refuses a second one of that kind. */
  async register(
    tx: Tx,
    application: ClientOwner & { name: string },
    registration: { kind: 'web' | 'machine' } & ApplicationClientFields,
  ): Promise<IssuedSecret> {
    const clientSecret = registration.confidential ? newSecretFor(application) : null;
    const [row] = await tx
      .insert(oauthClients)
      .values({
        // Unguessable, so a client id says nothing about which application it is.
        id: `app-${randomToken(12)}`,
        name: `${application.name} (${registration.kind})`,
        applicationId: application.id,
        kind: registration.kind,
        secretHash: clientSecret ? sha256(clientSecret) : null,
        redirectUris: registration.redirectUris,
        postLogoutRedirectUris: registration.postLogoutRedirectUris,
        grantTypes: registration.grantTypes,
      })
      .returning();
    if (!row) throw new Error('client insert returned nothing');
    tx.afterCommit(CLIENT_CHANGED_TOPIC, row.id);
    return { client: view(row), clientSecret };
  },

  /** New addresses and grant types; a client turned confidential gets its first secret, one turned public loses it. */
  async update(tx: Tx, application: ClientOwner, clientId: string, fields: ApplicationClientFields): Promise<IssuedSecret> {
    const current = await this.find(tx, application.id, clientId);
    const clientSecret = fields.confidential && current.secretHash === null ? newSecretFor(application) : null;
    const secretHash = fields.confidential ? (clientSecret ? sha256(clientSecret) : current.secretHash) : null;
    const [row] = await tx
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
    tx.afterCommit(CLIENT_CHANGED_TOPIC, clientId);
    return { client: view(row ?? current), clientSecret };
  },

  /**
   * A new secret; the old one stops working at the commit (on every instance once it hears of the
   * change), and so do the tokens it obtained (introspection answers them inactive). Refused (409)
   * while the application is disabled, and then nothing changes.
   */
  async rotateSecret(tx: Tx, application: ClientOwner, clientId: string): Promise<IssuedSecret> {
    const current = await this.find(tx, application.id, clientId);
    const clientSecret = newSecretFor(application);
    await tx
      .update(oauthClients)
      .set({ secretHash: sha256(clientSecret), secretChangedAt: new Date() })
      .where(eq(oauthClients.id, clientId));
    tx.afterCommit(CLIENT_CHANGED_TOPIC, clientId);
    return { client: { ...view(current), confidential: true }, clientSecret };
  },

  async remove(tx: Tx, applicationId: string, clientId: string): Promise<ApplicationClientView> {
    const current = await this.find(tx, applicationId, clientId);
    await tx.delete(oauthClients).where(eq(oauthClients.id, clientId));
    tx.afterCommit(CLIENT_CHANGED_TOPIC, clientId);
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
