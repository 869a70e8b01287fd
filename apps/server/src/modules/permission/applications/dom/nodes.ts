import type { MenuInput, MenuNode, MenuUpdate, MoveInput } from '@portal/contracts';
import type { AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { AppError, badRequest } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { createMenu, deleteMenu, findMenu, moveMenu, updateMenu } from '../../menus/service.ts';
import { applicationMenu } from '../menu-trees.ts';
import type { ApplicationRow } from '../rows.ts';
import { scopeOf } from '../scope.ts';

/**
 * The resource tree ("dom") of one application: the nodes below its root. Every change goes through
 * the menu editor's service (its transaction, containment check and audit) once the nodes named are
 * known to be this application's: a node of another application or of the console is refused. The
 * changes are confined to the application, so its owner makes them as the holder of its tree.
 */
const notOurs = () => new AppError('FORBIDDEN', "This node is not part of the application's resource tree", { field: 'nodeId' });

/** A node below the application's root; its root belongs to the application, not to the tree's editor. */
async function ownNode(db: Db, application: ApplicationRow, nodeId: string) {
  const node = await findMenu(db, nodeId);
  if (node.applicationId !== application.id || node.id === application.menuId) throw notOurs();
  return node;
}

/** A parent in the application's tree (its root when none is named), as the menu service takes it. */
async function ownParent(db: Db, application: ApplicationRow, parentId: string | null): Promise<string> {
  if (parentId === null) return application.menuId;
  const parent = await findMenu(db, parentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw badRequest('parentId: the parent node does not exist', { field: 'parentId' });
    throw error;
  });
  if (parent.applicationId !== application.id) throw notOurs();
  return parent.id;
}

/** The tree below the root: the pages and permission points the application declares. */
export async function domTree(db: Db, application: ApplicationRow): Promise<MenuNode[]> {
  const [root] = await applicationMenu(db, application);
  return root?.children ?? [];
}

export async function createDomNode(ps: PermissionService, actor: AuditActor, application: ApplicationRow, input: MenuInput) {
  return createMenu(
    ps,
    actor,
    { ...input, parentId: await ownParent(ps.db, application, input.parentId) },
    await scopeOf(ps.db, application),
  );
}

export async function updateDomNode(
  ps: PermissionService,
  actor: AuditActor,
  application: ApplicationRow,
  nodeId: string,
  input: MenuUpdate,
) {
  await ownNode(ps.db, application, nodeId);
  return updateMenu(ps, actor, nodeId, input, await scopeOf(ps.db, application));
}

/** Deletes the node and its subtree; the roles' grants of them go in the same transaction (foreign keys). */
export async function deleteDomNode(ps: PermissionService, actor: AuditActor, application: ApplicationRow, nodeId: string) {
  await ownNode(ps.db, application, nodeId);
  return deleteMenu(ps, actor, nodeId, await scopeOf(ps.db, application));
}

/** Moves a node within the tree; under itself or a descendant is refused by the menu service (400). */
export async function moveDomNode(ps: PermissionService, actor: AuditActor, application: ApplicationRow, nodeId: string, input: MoveInput) {
  await ownNode(ps.db, application, nodeId);
  return moveMenu(
    ps,
    actor,
    nodeId,
    { ...input, parentId: await ownParent(ps.db, application, input.parentId) },
    await scopeOf(ps.db, application),
  );
}
