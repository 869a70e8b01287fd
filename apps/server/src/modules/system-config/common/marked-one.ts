import { ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import type { ChangeRunner } from '../../../platform/resource/resource.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors.ts';

/** A system-config change: a plain transaction (no grants are involved), its events after the commit. */
export const plainChange =
  (db: Db): ChangeRunner =>
  (_actor, work) =>
    transaction(db, work);

type Marked = PgTable & { id: PgColumn };

/**
 * A flag that marks exactly one row of a table while the table has rows: the top colour scheme, the
 * default base map. A partial unique index keeps it to one at most; these keep it to one at least:
 * the first row takes it, it moves rather than disappears, and its row is deleted last. `key` names the
 * mark in messages and in a refusal's `details.field`.
 */
export function markedOne<T extends Marked>(table: T, flag: PgColumn, key: 'top' | 'default', what: string) {
  const lockName = `${key} of ${what}`;
  return {
    /** Serialises the changes to the mark (creating a first row, moving it), so two never race into the index. */
    async lock(tx: Db): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName}))`);
    },
    /** The flag of a new row (or of the row with this id, written again): set when no other row has it. */
    claimed: (id?: string) =>
      id === undefined
        ? sql`not exists (select 1 from ${table} where ${flag})`
        : sql`not exists (select 1 from ${table} where ${flag} and ${table.id} <> ${id})`,
    /** Moves the mark to the row with this id (locked first): off the old row, then onto the new one. */
    async moveTo(tx: Db, id: string): Promise<void> {
      await this.lock(tx);
      const column = sql.identifier(flag.name);
      await tx.execute(sql`update ${table} set ${column} = false where ${column} and ${sql.identifier(table.id.name)} <> ${id}`);
      await tx.execute(sql`update ${table} set ${column} = true where ${sql.identifier(table.id.name)} = ${id}`);
    },
    /** 409 for the marked row while other rows exist: the mark must move first. */
    async assertDeletable(tx: Db, row: { id: string; marked: boolean }): Promise<void> {
      if (!row.marked) return;
      const [other] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(ne(table.id, row.id))
        .limit(1);
      if (other) throw new AppError('CONFLICT', `This is the ${key} ${what}: make another one the ${key} first`, { field: key });
    },
  };
}
