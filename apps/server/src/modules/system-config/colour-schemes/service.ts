import type { ColourScheme, ColourSchemeInput, PageQuery, SchemeColours } from '@portal/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { AuditActor } from '../../../platform/audit.ts';
import { recordAudit } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { defineResource, kept } from '../../../platform/resource/resource.ts';
import { markedOne, plainChange } from '../common/marked-one.ts';
import { colourSchemes } from '../tables.ts';

/**
 * Published after every committed change to the colour schemes (the public configuration follows
 * it). Exported through the module's index.ts.
 */
export const COLOUR_SCHEMES_CHANGED_TOPIC = 'system-config.colour-schemes.changed';

type Row = typeof colourSchemes.$inferSelect;

const toScheme = (row: Row): ColourScheme => ({
  ...row,
  colours: row.colours as SchemeColours,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Hex colours are stored lower-case, so one colour is written one way. */
const lowerCased = (colours: SchemeColours): SchemeColours =>
  Object.fromEntries(Object.entries(colours).map(([token, hex]) => [token, hex.toLowerCase()]));

const top = markedOne(colourSchemes, colourSchemes.top, 'top', 'colour scheme');

/** Colour schemes: a plain resource whose first scheme becomes the top one. */
export const colourSchemeResource = (db: Db) =>
  defineResource<typeof colourSchemes, ColourScheme, ColourSchemeInput, PageQuery>({
    table: colourSchemes,
    noun: 'colour scheme',
    read: {
      select: (from, where) => from.select().from(colourSchemes).where(where).$dynamic(),
      toDto: toScheme,
      sortable: { name: colourSchemes.name, sort: colourSchemes.sort, createdAt: colourSchemes.createdAt },
      defaultOrder: [desc(colourSchemes.top), asc(colourSchemes.sort), asc(colourSchemes.name)],
      keyword: [colourSchemes.name],
    },
    write: {
      values: (input, before) => ({
        name: input.name,
        description: kept(input.description, before?.description),
        primary: input.primary.toLowerCase(),
        colours: input.colours === undefined ? (before?.colours ?? {}) : lowerCased(input.colours),
        sort: input.sort ?? before?.sort ?? 0,
        ...(before ? {} : { top: top.claimed() }),
      }),
      check: (tx) => top.lock(tx),
      assertDeletable: (tx, row) => top.assertDeletable(tx, { id: row.id, marked: row.top }),
    },
    change: plainChange(db),
    changedTopic: COLOUR_SCHEMES_CHANGED_TOPIC,
  });

/** Every scheme as the shell offers them: the top one first, then by sort and name. */
export async function listedSchemes(db: Db): Promise<ColourScheme[]> {
  const rows = await db.select().from(colourSchemes).orderBy(desc(colourSchemes.top), asc(colourSchemes.sort), asc(colourSchemes.name));
  return rows.map(toScheme);
}

/** The scheme applied by default; null while there is none. */
export async function topScheme(db: Db): Promise<ColourScheme | null> {
  const [row] = await db.select().from(colourSchemes).where(eq(colourSchemes.top, true)).limit(1);
  return row ? toScheme(row) : null;
}

/** Makes the scheme the top one; the previous top scheme stops being it. */
export async function setTopScheme(db: Db, actor: AuditActor, id: string): Promise<ColourScheme> {
  const change = plainChange(db);
  await change(actor, async (tx) => {
    const before = await findOr404(tx, colourSchemes, id, 'The colour scheme');
    if (before.top) return;
    await top.moveTo(tx, id);
    await recordAudit(tx, actor, { action: 'colour-schemes.top.update', targetType: 'colour-scheme', targetId: id });
    tx.afterCommit(COLOUR_SCHEMES_CHANGED_TOPIC);
  });
  return (await topScheme(db)) as ColourScheme;
}
