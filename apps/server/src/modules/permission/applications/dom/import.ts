import { MENU_API_PATTERN, MENU_NAME_PATTERN, type DomImportRow } from '@portal/contracts';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { uniqueAsConflict } from '../../../../platform/db/errors.ts';
import { badRows, type SheetRowError } from '../../../../platform/excel/sheet.ts';
import { changeAs } from '../../access/containment/change.ts';
import type { PermissionService } from '../../context.ts';
import { findMenu } from '../../menus/service.ts';
import { loadMenuRows, type MenuRow } from '../../menus/tree.ts';
import type { ApplicationRow } from '../rows.ts';
import { scopeOf } from '../scope.ts';
import { changedFields, insertNode, rewriteNode } from './sync/write.ts';

/** A row of a file, numbered as the caller shows it (JSON: from 1; a sheet: its row number). */
export interface NumberedRow {
  row: number;
  input: DomImportRow;
}

const NAME = new RegExp(MENU_NAME_PATTERN);
const API = new RegExp(MENU_API_PATTERN);
const TYPES = new Set(['path', 'element']);

/** The faults of one row's own fields (a sheet's cells are text of any length). */
function fieldFaults({ row, input }: NumberedRow): SheetRowError[] {
  const faults: SheetRowError[] = [];
  if (!input.path.split(':').every((name) => NAME.test(name) && name.length <= 64)) {
    faults.push({ row, field: 'path', reason: 'names of 1-64 letters, digits, "_" and "-", joined by ":"' });
  }
  if (!TYPES.has(input.type)) faults.push({ row, field: 'type', reason: 'path or element' });
  if (!input.title || input.title.length > 100) faults.push({ row, field: 'title', reason: '1-100 characters' });
  if ((input.icon?.length ?? 0) > 100) faults.push({ row, field: 'icon', reason: 'at most 100 characters' });
  const badApi = (input.api ?? []).find((api) => !API.test(api));
  if (badApi !== undefined) faults.push({ row, field: 'api', reason: `"${badApi}" is not METHOD:/path` });
  if ((input.api?.length ?? 0) > 50) faults.push({ row, field: 'api', reason: 'at most 50 calls' });
  if (input.type === 'path' && (input.api?.length ?? 0) > 0)
    faults.push({ row, field: 'api', reason: 'only elements list the calls they gate' });
  return faults;
}

/** The faults of each row, against the tree as stored plus the rows before it. */
function faultsOf(rows: readonly NumberedRow[], stored: ReadonlyMap<string, MenuRow['type']>): SheetRowError[] {
  const faults: SheetRowError[] = [];
  const known = new Map(stored);
  for (const numbered of rows) {
    const { row, input } = numbered;
    const own = fieldFaults(numbered);
    faults.push(...own);
    const parentPath = input.path.split(':').slice(0, -1).join(':');
    if (own.some((fault) => fault.field === 'path')) continue;
    if (parentPath && known.get(parentPath) !== 'path') {
      faults.push({ row, field: 'path', reason: `the parent page "${parentPath}" is neither stored nor in an earlier row` });
    } else if (known.has(input.path) && known.get(input.path) !== input.type) {
      faults.push({ row, field: 'type', reason: `"${input.path}" exists as a ${known.get(input.path)}` });
    }
    known.set(input.path, input.type);
  }
  return faults;
}

/**
 * Adds or updates nodes of the application's tree from rows, all in one transaction: a single bad
 * row refuses the whole file (a 400 listing each row and field) and nothing is written.
 */
export async function importDomRows(ps: PermissionService, actor: AuditActor, application: ApplicationRow, rows: readonly NumberedRow[]) {
  const scope = await scopeOf(ps.db, application);
  return uniqueAsConflict(
    () =>
      changeAs(
        ps.db,
        actor,
        async (tx) => {
          const root = await findMenu(tx, application.menuId);
          const byPath = new Map<string, MenuRow>();
          for (const row of await loadMenuRows(tx, { kind: 'subtree', resource: root.resource })) {
            if (row.id !== root.id) byPath.set(row.resource.slice(root.resource.length + 1), row);
          }
          const faults = faultsOf(rows, new Map([...byPath].map(([path, row]) => [path, row.type])));
          if (faults.length > 0) throw badRows(faults);
          let added = 0;
          let updated = 0;
          for (const { input } of rows) {
            const names = input.path.split(':');
            const parentPath = names.slice(0, -1).join(':');
            const parent = parentPath ? byPath.get(parentPath) : root;
            if (!parent) throw new Error(`parent of ${input.path} not placed`);
            const existing = byPath.get(input.path);
            const fields = {
              name: names[names.length - 1] ?? '',
              type: input.type,
              title: input.title,
              icon: input.icon ?? null,
              api: input.api ?? [],
            };
            if (existing) {
              const wanted = { ...fields, sort: existing.sort };
              if (changedFields(existing, wanted).length > 0) updated += 1;
              byPath.set(input.path, await rewriteNode(tx, existing, parent, wanted));
            } else {
              byPath.set(input.path, await insertNode(tx, parent, { ...fields, sort: byPath.size }));
              added += 1;
            }
          }
          await recordAudit(tx, actor, {
            action: 'applications.dom.import',
            targetType: 'application',
            targetId: application.id,
            after: { added, updated },
          });
          return { added, updated };
        },
        scope,
      ),
    'A menu node',
  );
}
