import type { Classification, ClassificationBrief, ClassificationInput, PageQuery } from '@portal/contracts';
import { asc } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { defineResource, kept, type ChangeRunner } from '../../../platform/resource/resource.ts';
import { messageClassifications as classifications } from '../tables.ts';

/** Published after every committed change to the classifications (pickers and preferences follow it). */
export const CLASSIFICATIONS_CHANGED_TOPIC = 'message-engine.classifications.changed';

type Row = typeof classifications.$inferSelect;

export const toClassification = (row: Row): Classification => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The order classifications are shown in everywhere: by sort, then by name. */
export const CLASSIFICATION_ORDER = [asc(classifications.sort), asc(classifications.name)];

/** A classification change: a plain transaction (no grants are involved), its events after the commit. */
export const plainChange =
  (db: Db): ChangeRunner =>
  (_actor, work) =>
    transaction(db, work);

/** Message classifications: a plain resource with a unique code and a unique name (409 naming the field). */
export const classificationResource = (db: Db) =>
  defineResource<typeof classifications, Classification, ClassificationInput, PageQuery>({
    table: classifications,
    noun: 'classification',
    read: {
      select: (from, where) => from.select().from(classifications).where(where).$dynamic(),
      toDto: toClassification,
      sortable: {
        code: classifications.code,
        name: classifications.name,
        sort: classifications.sort,
        createdAt: classifications.createdAt,
      },
      defaultOrder: CLASSIFICATION_ORDER,
      keyword: [classifications.code, classifications.name],
    },
    write: {
      values: (input, before) => ({
        code: input.code,
        name: input.name,
        description: kept(input.description, before?.description),
        sort: input.sort ?? before?.sort ?? 0,
      }),
    },
    change: plainChange(db),
    changedTopic: CLASSIFICATIONS_CHANGED_TOPIC,
  });

/** Every classification, id, code and name, in the order shown (for pickers). */
export function classificationPicks(db: Db): Promise<ClassificationBrief[]> {
  return db
    .select({ id: classifications.id, code: classifications.code, name: classifications.name })
    .from(classifications)
    .orderBy(...CLASSIFICATION_ORDER);
}
