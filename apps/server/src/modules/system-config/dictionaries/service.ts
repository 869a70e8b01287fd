import type { Dictionary, DictionaryInput, PageQuery } from '@portal/contracts';
import { asc, sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { defineResource, kept } from '../../../platform/resource/resource.ts';
import { plainChange } from '../common/marked-one.ts';
import { dictionaries } from '../tables.ts';

/** Published after every committed change to a dictionary or its items. */
export const DICTIONARIES_CHANGED_TOPIC = 'system-config.dictionaries.changed';

const dictionaryColumns = {
  id: dictionaries.id,
  code: dictionaries.code,
  name: dictionaries.name,
  description: dictionaries.description,
  createdAt: dictionaries.createdAt,
  updatedAt: dictionaries.updatedAt,
  itemCount: sql<number>`(select count(*) from dict_items di where di.dictionary_id = "dictionaries"."id")`.mapWith(Number),
};

type Row = Omit<Dictionary, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toDictionary = (row: Row): Dictionary => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** Dictionaries: a plain resource; deleting one deletes its items (foreign key, cascade). */
export const dictionaryResource = (db: Db) =>
  defineResource<typeof dictionaries, Dictionary, DictionaryInput, PageQuery>({
    table: dictionaries,
    noun: 'dictionary',
    plural: 'dictionaries',
    read: {
      select: (from, where) => from.select(dictionaryColumns).from(dictionaries).where(where).$dynamic(),
      toDto: toDictionary,
      sortable: { code: dictionaries.code, name: dictionaries.name, createdAt: dictionaries.createdAt },
      defaultOrder: [asc(dictionaries.code)],
      keyword: [dictionaries.code, dictionaries.name],
    },
    write: {
      values: ({ code, name, description }, before) => ({ code, name, description: kept(description, before?.description) }),
      // The items go with it: the audit entry keeps them, so a deletion can be read back.
      deletedContext: async (tx, id) => ({
        items: await rawRows(tx, sql`select code, label, value from dict_items where dictionary_id = ${id} order by code`),
      }),
    },
    change: plainChange(db),
    changedTopic: DICTIONARIES_CHANGED_TOPIC,
  });
