import {
  DEFAULT_SETTINGS,
  PORTAL_SYSTEM_ID,
  type PageOf,
  type SettingsSection,
  type SettingsStateOf,
  type SettingsValues,
  type SettingsVersion,
} from '@portal/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { notFound } from '../../../platform/errors.ts';
import type { PeopleApi } from '../../permission/index.ts';
import { settingVersions } from '../tables.ts';
import { assertConsistent } from './rules.ts';
import { withDefaults } from './with-defaults.ts';

/** Published (with the section as payload) after a section's new version has committed, on every instance. */
export const SETTINGS_CHANGED_TOPIC = 'settings.changed';

export type SectionState<S extends SettingsSection> = SettingsStateOf<SettingsValues[S]>;
/** One section's state, whichever: what a route written once for every section answers. */
export type AnySectionState = { [S in SettingsSection]: SectionState<S> }[SettingsSection];

const ofSection = (section: SettingsSection) => and(eq(settingVersions.systemId, PORTAL_SYSTEM_ID), eq(settingVersions.section, section));

const stateOf = <S extends SettingsSection>(section: S, row: { version: number; changedAt: Date; value: unknown }): SectionState<S> => ({
  version: row.version,
  changedAt: row.changedAt.toISOString(),
  // A value saved before a field existed gets that field's default.
  value: withDefaults(DEFAULT_SETTINGS[section], row.value),
});

/** The section's current value: its newest version, or the defaults (version 0) while none was saved. */
export async function currentState<S extends SettingsSection>(db: Db, section: S): Promise<SectionState<S>> {
  const [row] = await db.select().from(settingVersions).where(ofSection(section)).orderBy(desc(settingVersions.version)).limit(1);
  return row ? stateOf(section, row) : { version: 0, changedAt: null, value: structuredClone(DEFAULT_SETTINGS[section]) };
}

/** One stored version of the section; 404 when there is none of that number. */
export async function storedVersion<S extends SettingsSection>(db: Db, section: S, version: number): Promise<SectionState<S>> {
  const [row] = await db
    .select()
    .from(settingVersions)
    .where(and(ofSection(section), eq(settingVersions.version, version)));
  if (!row) throw notFound(`Version ${version} of the ${section} settings`);
  return stateOf(section, row);
}

/** The section's history, newest first, with the name of whoever saved each version. */
export async function versionsOf(
  db: Db,
  userNameOf: PeopleApi['userNameOf'],
  section: SettingsSection,
  window: { page: number; size: number; offset: number },
): Promise<PageOf<SettingsVersion>> {
  const [total] = await db.select({ n: count() }).from(settingVersions).where(ofSection(section));
  const rows = await db
    .select({
      version: settingVersions.version,
      changedAt: settingVersions.changedAt,
      changedBy: userNameOf(settingVersions.changedBy),
      restoredFrom: settingVersions.restoredFrom,
    })
    .from(settingVersions)
    .where(ofSection(section))
    .orderBy(desc(settingVersions.version))
    .limit(window.size)
    .offset(window.offset);
  const list = rows.map((row) => ({
    version: row.version,
    changedAt: row.changedAt.toISOString(),
    changedBy: row.changedBy ?? null,
    restoredFrom: row.restoredFrom,
  }));
  return { list, total: total?.n ?? 0, page: window.page, size: window.size };
}

/**
 * Saves `value` as the section's next version: checked, audited with the value it replaces, and
 * announced once committed. Saves of one section are serialised by a transaction-scoped lock, so
 * two at once each get their own version (the primary key would refuse a second of the same number).
 */
export async function saveSection<S extends SettingsSection>(
  db: Db,
  actor: AuditActor,
  section: S,
  value: SettingsValues[S],
  restoredFrom: number | null = null,
): Promise<SectionState<S>> {
  assertConsistent(section, value);
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`setting_versions:${PORTAL_SYSTEM_ID}:${section}`}))`);
    const before = await currentState(tx, section);
    const [row] = await tx
      .insert(settingVersions)
      .values({ systemId: PORTAL_SYSTEM_ID, section, version: before.version + 1, value, changedBy: actor.actorId, restoredFrom })
      .returning();
    if (!row) throw new Error('settings version insert returned nothing');
    await recordAudit(tx, actor, {
      action: restoredFrom === null ? 'settings.update' : 'settings.restore',
      targetType: 'settings',
      targetId: section,
      before: { version: before.version, value: before.value },
      after: { version: row.version, value, ...(restoredFrom === null ? {} : { restoredFrom }) },
    });
    tx.afterCommit(SETTINGS_CHANGED_TOPIC, section);
    return stateOf(section, row);
  });
}

/** Makes a stored version current again, as a new version that names it. */
export async function restoreVersion<S extends SettingsSection>(db: Db, actor: AuditActor, section: S, version: number) {
  const stored = await storedVersion(db, section, version);
  return saveSection(db, actor, section, stored.value, version);
}
