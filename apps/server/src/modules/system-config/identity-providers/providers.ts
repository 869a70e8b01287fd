import type { IdentityProvider, IdentityProviderInput, NewIdentityProvider, OpenSystemConfig } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors.ts';
import { discoverProvider } from '../../../platform/oidc-discovery.ts';
import type { Outbound } from '../../../platform/outbound/guard.ts';
import { identityProviders } from '../tables.ts';

/** Published after a committed change to the identity providers or the linking options (every instance). */
export const IDENTITY_PROVIDERS_CHANGED_TOPIC = 'system-config.identity-providers.changed';

type Row = typeof identityProviders.$inferSelect;
const THE = 'The identity provider';

/** What seals the client secrets (reception-center's secret box, through its api). */
export interface SecretSealer {
  seal(plain: Buffer, boundTo: string): string;
  open(text: string, boundTo: string): Buffer;
}

/** What the provider store is given. */
export interface ProviderStoreDeps {
  db: Db;
  box: SecretSealer;
  /** IDP_ALLOW_HTTP: plain http issuers beyond loopback. */
  allowHttp: boolean;
  /** Where discovery goes (platform/outbound): a provider at an internal address only with OUTBOUND_ALLOW. */
  outbound: Outbound;
  /** How many accounts are linked to a provider (permission's api): such a provider is not deleted. */
  linkedAccounts(providerId: string): Promise<number>;
  /** How many of them the actor could not act on under the containment rule (permission's api). */
  linkedBeyondReach(actorId: string, providerId: string): Promise<number>;
}

/** Each secret is sealed for its provider: copied onto another provider's row, it does not open. */
const sealedFor = (id: string) => `identity-provider:${id}`;

const toView = (row: Row): IdentityProvider => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  issuer: row.issuer,
  clientId: row.clientId,
  hasSecret: row.clientSecretSealed !== null,
  scopes: row.scopes,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `openid` first, always; the rest as given, once each. */
const scopesOf = (scopes: readonly string[]) => ['openid', ...scopes.filter((scope) => scope !== 'openid')];
const issuerOf = (issuer: string) => issuer.replace(/\/+$/, '');

/** A provider as the relying party uses it, its secret opened. */
export interface ProviderForSignIn {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string[];
  enabled: boolean;
  updatedAt: Date;
  /** Who saved it last: its automatic linking reaches only accounts they could act on. */
  lastEditedBy: string | null;
}

/** The identity providers of the `third` settings: listed, saved after discovery, deleted while unused. */
export function createProviderStore(deps: ProviderStoreDeps) {
  const { db, box } = deps;

  /** The discovery document must be reachable and name this issuer before anything is stored. */
  async function checked(id: string, input: IdentityProviderInput, secret: string | undefined) {
    const issuer = issuerOf(input.issuer);
    await discoverProvider({ issuer, clientId: input.clientId, clientSecret: secret }, deps);
    return {
      name: input.name.trim(),
      icon: input.icon,
      issuer,
      clientId: input.clientId,
      scopes: scopesOf(input.scopes),
      enabled: input.enabled,
      ...(input.clientSecret === undefined ? {} : { clientSecretSealed: box.seal(Buffer.from(input.clientSecret), sealedFor(id)) }),
    };
  }

  const secretOf = (row: Row): string | undefined =>
    row.clientSecretSealed === null ? undefined : box.open(row.clientSecretSealed, sealedFor(row.id)).toString('utf8');

  async function list(): Promise<IdentityProvider[]> {
    return (await db.select().from(identityProviders).orderBy(asc(identityProviders.name), asc(identityProviders.id))).map(toView);
  }

  /**
   * Whom a provider vouches for is its issuer and client: changing either while accounts are linked
   * lets whoever runs the new issuer sign in to them, as strong as resetting their passwords. So only
   * someone who could act on every linked account (the containment rule) changes them; else 403.
   */
  async function assertMayRepoint(actor: AuditActor, stored: Row, issuer: string, clientId: string): Promise<void> {
    if (stored.issuer === issuer && stored.clientId === clientId) return;
    const beyond = actor.actorId ? await deps.linkedBeyondReach(actor.actorId, stored.id) : await deps.linkedAccounts(stored.id);
    if (beyond > 0) {
      throw new AppError(
        'FORBIDDEN',
        `${beyond} account(s) linked to this identity provider hold what you do not: only someone who may administer them changes its issuer or client id`,
        { field: stored.issuer === issuer ? 'body.clientId' : 'body.issuer', accountsBeyondReach: beyond },
      );
    }
  }

  async function create(actor: AuditActor, input: NewIdentityProvider): Promise<IdentityProvider> {
    const [taken] = await db.select({ id: identityProviders.id }).from(identityProviders).where(eq(identityProviders.id, input.id));
    if (taken) throw new AppError('CONFLICT', `An identity provider with the id ${input.id} already exists`, { field: 'id' });
    const values = await checked(input.id, input, input.clientSecret);
    return uniqueAsConflict(
      () =>
        transaction(db, async (tx) => {
          const [row] = await tx
            .insert(identityProviders)
            .values({ id: input.id, ...values, lastEditedBy: actor.actorId })
            .returning();
          if (!row) throw new Error('identity provider insert returned nothing');
          const after = toView(row);
          await recordAudit(tx, actor, { action: 'identity-providers.create', targetType: 'identity-provider', targetId: row.id, after });
          tx.afterCommit(IDENTITY_PROVIDERS_CHANGED_TOPIC);
          return after;
        }),
      THE,
    );
  }

  async function update(actor: AuditActor, id: string, input: IdentityProviderInput): Promise<IdentityProvider> {
    const stored = await findOr404(db, identityProviders, id, THE);
    await assertMayRepoint(actor, stored, issuerOf(input.issuer), input.clientId);
    const values = await checked(id, input, input.clientSecret ?? secretOf(stored));
    return transaction(db, async (tx) => {
      const before = await findOr404(tx, identityProviders, id, THE);
      const [row] = await tx
        .update(identityProviders)
        .set({ ...values, lastEditedBy: actor.actorId, updatedAt: new Date() })
        .where(eq(identityProviders.id, id))
        .returning();
      if (!row) throw new Error('identity provider update returned nothing');
      const after = toView(row);
      await recordAudit(tx, actor, {
        action: 'identity-providers.update',
        targetType: 'identity-provider',
        targetId: id,
        before: toView(before),
        after: { ...after, secretReplaced: input.clientSecret !== undefined },
      });
      tx.afterCommit(IDENTITY_PROVIDERS_CHANGED_TOPIC);
      return after;
    });
  }

  async function remove(actor: AuditActor, id: string): Promise<void> {
    await findOr404(db, identityProviders, id, THE);
    const linked = await deps.linkedAccounts(id);
    if (linked > 0) {
      throw new AppError(
        'CONFLICT',
        `${linked} account(s) are linked to this identity provider: disable it instead, or unlink them first`,
        {
          linkedAccounts: linked,
        },
      );
    }
    await transaction(db, async (tx) => {
      const [row] = await tx.delete(identityProviders).where(eq(identityProviders.id, id)).returning();
      if (!row) return;
      await recordAudit(tx, actor, {
        action: 'identity-providers.delete',
        targetType: 'identity-provider',
        targetId: id,
        before: toView(row),
      });
      tx.afterCommit(IDENTITY_PROVIDERS_CHANGED_TOPIC);
    });
  }

  /** A provider with its secret opened, for the relying party; undefined when there is none of this id. */
  async function forSignIn(id: string): Promise<ProviderForSignIn | undefined> {
    const [row] = await db.select().from(identityProviders).where(eq(identityProviders.id, id)).limit(1);
    if (!row) return undefined;
    const { name, issuer, clientId, scopes, enabled, updatedAt, lastEditedBy } = row;
    return { id, name, issuer, clientId, clientSecret: secretOf(row), scopes, enabled, updatedAt, lastEditedBy };
  }

  /** The enabled providers' buttons for the sign-in page: nothing secret. */
  async function buttons(): Promise<OpenSystemConfig['identityProviders']> {
    const rows = await db
      .select({ id: identityProviders.id, name: identityProviders.name, icon: identityProviders.icon })
      .from(identityProviders)
      .where(eq(identityProviders.enabled, true))
      .orderBy(asc(identityProviders.name), asc(identityProviders.id));
    return rows.map((row) => ({ ...row, type: 'oidc' }));
  }

  return { list, create, update, remove, forSignIn, buttons };
}

export type ProviderStore = ReturnType<typeof createProviderStore>;
