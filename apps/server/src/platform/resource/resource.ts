import type { PageOf, PageQuery } from '@portal/contracts';
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { recordAudit, type AuditActor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { uniqueAsConflict } from '../db/errors.ts';
import { findOr404 } from '../db/existence.ts';
import type { Tx } from '../db/transaction.ts';
import { notFound } from '../errors.ts';
import { containing, orderOf, pageOf, pageWindow } from '../paging.ts';

type TableWithId = PgTable & { id: PgColumn };

/** A row's values as a write takes them: each a value or SQL computed by the database (a subquery, a default). */
type Writable<Row> = { [K in keyof Row]?: Row[K] | SQL };

/** How a module runs a change as an actor: permission's is checked for containment, others are plain transactions. */
export type ChangeRunner = <T>(actor: AuditActor, work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * A plain administration resource, declared rather than written: paging with sort and keyword, one
 * row, create, update and delete, each write with its audit entry in the same transaction, a
 * duplicate answered 409, a missing row 404, and an event after the commit.
 */
export interface ResourceSpec<T extends TableWithId, Dto, Input, Query extends PageQuery> {
  table: T;
  /** 'group': names it in errors ("The group", "A group") and the audit log (`groups.create`, target `group`; spaces become '-'). */
  noun: string;
  /** The audit actions' plural when it is not the noun + 's' ('dictionaries'). */
  plural?: string;
  read: {
    /** The rows as answered, with any joins (a dynamic select: the kit adds order and window). */
    select(db: Db, where: SQL | undefined): PgSelect;
    toDto(row: never): Dto;
    sortable: Record<string, PgColumn>;
    defaultOrder: SQL[];
    /** Columns the keyword is looked for in (case-insensitive, anywhere). */
    keyword: PgColumn[];
    /** The list's own filters besides the keyword. */
    filters?(query: Query): (SQL | undefined)[];
  };
  write: {
    /** Column values from the input; `before` on update, so absent optional fields keep their value. */
    values(input: Input, before?: T['$inferSelect']): Writable<T['$inferInsert']>;
    /** Refuses input that names rows which do not exist (inside the write's transaction). */
    check?(tx: Tx, input: Input): Promise<void>;
    /** Refuses to delete a row the resource's rules keep (a 409 saying why), inside the delete's transaction. */
    assertDeletable?(tx: Tx, row: T['$inferSelect']): Promise<void>;
    /** What a deleted row's audit entry keeps besides the row (its members, its roles). */
    deletedContext?(tx: Tx, id: string): Promise<Record<string, unknown>>;
  };
  change: ChangeRunner;
  /** Published after every committed write, for the caches and pushes that follow the resource. */
  changedTopic?: string;
}

/** An optional field as a write stores it: the input's value, else (on update) the row's, else null. */
export const kept = <V>(value: V | undefined, previous: V | null | undefined): V | null =>
  value === undefined ? (previous ?? null) : value;

export function defineResource<T extends TableWithId, Dto, Input, Query extends PageQuery>(spec: ResourceSpec<T, Dto, Input, Query>) {
  const { table, noun, read, write } = spec;
  const the = `The ${noun}`;
  // 'colour scheme' is audited as `colour-schemes.create`, target `colour-scheme`.
  const target = noun.replaceAll(' ', '-');
  const plural = spec.plural ?? `${target}s`;
  const toDto = read.toDto as (row: unknown) => Dto;
  const byId = (id: string) => eq(table.id, id);

  async function get(db: Db, id: string): Promise<Dto> {
    const [row] = await read.select(db, byId(id));
    if (!row) throw notFound(the);
    return toDto(row);
  }

  async function page(db: Db, query: Query): Promise<PageOf<Dto>> {
    const window = pageWindow(query);
    const keyword = query.keyword ? or(...read.keyword.map((column) => ilike(column, containing(query.keyword ?? '')))) : undefined;
    const where = and(keyword, ...(read.filters?.(query) ?? []));
    const [rows, [total]] = await Promise.all([
      read
        .select(db, where)
        .orderBy(...orderOf(query, read.sortable, read.defaultOrder, table.id))
        .limit(window.size)
        .offset(window.offset),
      db
        .select({ count: count() })
        .from(table as PgTable)
        .where(where),
    ]);
    return pageOf(rows.map(toDto), total?.count ?? 0, window);
  }

  /** A write as the actor, with its event after the commit. */
  const changing = <R>(actor: AuditActor, work: (tx: Tx) => Promise<R>) =>
    spec.change(actor, async (tx) => {
      const result = await work(tx);
      if (spec.changedTopic) tx.afterCommit(spec.changedTopic);
      return result;
    });

  async function create(db: Db, actor: AuditActor, input: Input): Promise<Dto> {
    const id = await uniqueAsConflict(
      () =>
        changing(actor, async (tx) => {
          await write.check?.(tx, input);
          // Drizzle cannot name a generic table's insert and row types; the spec's own types hold them.
          const [row] = (await tx
            .insert(table)
            .values(write.values(input) as never)
            .returning()) as { id: string }[];
          if (!row) throw new Error(`${noun} insert returned nothing`);
          await recordAudit(tx, actor, { action: `${plural}.create`, targetType: target, targetId: row.id, after: row });
          return String(row.id);
        }),
      `A ${noun}`,
    );
    return get(db, id);
  }

  async function update(db: Db, actor: AuditActor, id: string, input: Input): Promise<Dto> {
    await uniqueAsConflict(
      () =>
        changing(actor, async (tx) => {
          const before = (await findOr404(tx, table, id, the)) as T['$inferSelect'];
          await write.check?.(tx, input);
          const values = { ...write.values(input, before), ...('updatedAt' in table ? { updatedAt: new Date() } : {}) };
          const [after] = (await tx
            .update(table)
            .set(values as never)
            .where(byId(id))
            .returning()) as unknown[];
          await recordAudit(tx, actor, { action: `${plural}.update`, targetType: target, targetId: id, before, after });
        }),
      `A ${noun}`,
    );
    return get(db, id);
  }

  async function remove(actor: AuditActor, id: string): Promise<{ ok: true }> {
    await changing(actor, async (tx) => {
      const before = await findOr404(tx, table, id, the);
      await write.assertDeletable?.(tx, before);
      const context = (await write.deletedContext?.(tx, id)) ?? {};
      await tx.delete(table).where(byId(id));
      await recordAudit(tx, actor, { action: `${plural}.delete`, targetType: target, targetId: id, before: { ...before, ...context } });
    });
    return { ok: true };
  }

  return { noun, find: (db: Db, id: string) => findOr404(db, table, id, the), get, page, create, update, remove, changing };
}

export type Resource<Dto, Input, Query extends PageQuery> = ReturnType<typeof defineResource<TableWithId, Dto, Input, Query>>;
