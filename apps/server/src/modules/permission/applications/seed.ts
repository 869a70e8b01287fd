import { INTERNAL_APPS } from '@portal/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { applications, menus } from '../tables.ts';

/** The internal applications that have no section in the console catalogue: their root node's title and icon. */
const OWN_ROOTS: Record<string, { title: string; icon: string }> = { msgCenter: { title: 'Message centre', icon: 'MessageOutlined' } };

/**
 * The portal's own sections as applications (spec §2), added when missing: type 'path' at
 * '/<instant>', category System. Their root is the catalogue's section node where there is one;
 * otherwise (msgCenter) a root node of their own. Safe to run on every start and on several
 * instances at once.
 */
export async function seedInternalApplications(db: Db): Promise<void> {
  const existing = new Set((await db.select({ instant: applications.instant }).from(applications)).map((row) => row.instant));
  for (const [sort, instant] of INTERNAL_APPS.entries()) {
    if (existing.has(instant)) continue;
    await db.transaction(async (tx) => {
      const [section] = await tx
        .select()
        .from(menus)
        .where(and(eq(menus.resource, instant), isNull(menus.parentId)))
        .limit(1);
      const title = section?.title ?? OWN_ROOTS[instant]?.title ?? instant;
      const root =
        section ??
        (
          await tx
            .insert(menus)
            .values({
              name: instant,
              title,
              icon: OWN_ROOTS[instant]?.icon ?? null,
              type: 'path',
              resource: instant,
              sort: INTERNAL_APPS.length + sort,
            })
            .onConflictDoNothing()
            .returning()
        )[0];
      if (!root) return; // another instance is seeding the same application right now
      const [created] = await tx
        .insert(applications)
        .values({
          instant,
          name: title,
          type: 'path',
          category: ['System'],
          pathname: `/${instant}`,
          appCategory: 'system',
          icon: root.icon,
          menuId: root.id,
          sort,
        })
        .onConflictDoNothing()
        .returning({ id: applications.id });
      if (created && !section) await tx.update(menus).set({ applicationId: created.id }).where(eq(menus.id, root.id));
    });
  }
}
