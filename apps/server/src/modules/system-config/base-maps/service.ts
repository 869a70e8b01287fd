import type { BaseMap, BaseMapInput, BaseMapQuery } from '@portal/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { AppError } from '../../../platform/errors.ts';
import { defineResource, kept } from '../../../platform/resource/resource.ts';
import { markedOne, plainChange } from '../common/marked-one.ts';
import { baseMaps } from '../tables.ts';
import { assertBaseMapDefinition } from './url-rules.ts';

/** Published after every committed change to the base maps. */
export const BASE_MAPS_CHANGED_TOPIC = 'system-config.base-maps.changed';

type Row = typeof baseMaps.$inferSelect;
const THE = 'The base map';

const toBaseMap = (row: Row): BaseMap => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

const defaultMap = markedOne(baseMaps, baseMaps.isDefault, 'default', 'base map');

const refuseDisablingDefault = () =>
  new AppError('CONFLICT', 'The default base map cannot be disabled: make another one the default first', { field: 'enabled' });

/** Only the fields of the map's own type are kept (a WMS map holds no matrix set); absent optional fields keep their value. */
function values(input: BaseMapInput, before?: Row) {
  const row = {
    name: input.name,
    type: input.type,
    url: input.url,
    layers: input.type === 'WMS' ? kept(input.layers, before?.layers) : null,
    layer: input.type === 'WMTS' ? kept(input.layer, before?.layer) : null,
    matrixSet: input.type === 'WMTS' ? kept(input.matrixSet, before?.matrixSet) : null,
    format: input.type === 'XYZ' ? null : kept(input.format, before?.format),
    attribution: kept(input.attribution, before?.attribution),
    minZoom: input.minZoom ?? before?.minZoom ?? 0,
    maxZoom: input.maxZoom ?? before?.maxZoom ?? 18,
    enabled: input.enabled ?? before?.enabled ?? true,
    sort: input.sort ?? before?.sort ?? 0,
  };
  assertBaseMapDefinition(row);
  if (before?.isDefault && !row.enabled) throw refuseDisablingDefault();
  return row;
}

/** Base maps: a plain resource whose first map becomes the default one (enabled, one at a time). */
export const baseMapResource = (db: Db) =>
  defineResource<typeof baseMaps, BaseMap, BaseMapInput, BaseMapQuery>({
    table: baseMaps,
    noun: 'base map',
    read: {
      select: (from, where) => from.select().from(baseMaps).where(where).$dynamic(),
      toDto: toBaseMap,
      sortable: { name: baseMaps.name, type: baseMaps.type, sort: baseMaps.sort, createdAt: baseMaps.createdAt },
      defaultOrder: [desc(baseMaps.isDefault), asc(baseMaps.sort), asc(baseMaps.name)],
      keyword: [baseMaps.name],
      filters: (query) => [
        query.type ? eq(baseMaps.type, query.type) : undefined,
        query.enabled === undefined ? undefined : eq(baseMaps.enabled, query.enabled),
      ],
    },
    write: {
      // An enabled map becomes the default when there is none (the first one); a disabled one never is.
      values: (input, before) => {
        const row = values(input, before);
        return { ...row, isDefault: row.enabled ? defaultMap.claimed(before?.id) : false };
      },
      check: (tx) => defaultMap.lock(tx),
      assertDeletable: (tx, row) => defaultMap.assertDeletable(tx, { id: row.id, marked: row.isDefault }),
    },
    change: plainChange(db),
    changedTopic: BASE_MAPS_CHANGED_TOPIC,
  });

/** The state change and the default move: one audited change each, refused when it would leave no enabled default. */
async function changeMap(db: Db, actor: AuditActor, id: string, action: string, work: (tx: Db, before: Row) => Promise<unknown>) {
  await plainChange(db)(actor, async (tx) => {
    const before = await findOr404(tx, baseMaps, id, THE);
    await work(tx, before);
    const [after] = await tx.select().from(baseMaps).where(eq(baseMaps.id, id));
    await recordAudit(tx, actor, { action, targetType: 'base-map', targetId: id, before, after });
    tx.afterCommit(BASE_MAPS_CHANGED_TOPIC);
  });
  return toBaseMap(await findOr404(db, baseMaps, id, THE));
}

export const setBaseMapState = (db: Db, actor: AuditActor, id: string, enabled: boolean) =>
  changeMap(db, actor, id, 'base-maps.state.update', async (tx, before) => {
    if (before.isDefault && !enabled) throw refuseDisablingDefault();
    await defaultMap.lock(tx);
    await tx
      .update(baseMaps)
      .set({ enabled, isDefault: enabled ? defaultMap.claimed(id) : false, updatedAt: new Date() })
      .where(eq(baseMaps.id, id));
  });

export const setDefaultBaseMap = (db: Db, actor: AuditActor, id: string) =>
  changeMap(db, actor, id, 'base-maps.default.update', async (tx, before) => {
    if (!before.enabled) throw new AppError('CONFLICT', 'A disabled base map cannot be the default: enable it first', { field: 'enabled' });
    await defaultMap.moveTo(tx, id);
  });
