import type { Application, MenuNode, NoticeEntry } from '@portal/contracts';
import { appMenuRoute, appRoute, microPath, studioPath } from '../launch/targets.ts';

/** What a message notice points at (spec §3: OS_APP_TYPE, OS_APP_ID, OS_MENU_ID). */
export interface NoticeTarget {
  type: string;
  appId?: string;
  menuId?: string;
}

/** The notice's target; null when it names no application type (a plain message opens nothing). */
export function noticeTargetOf(notice: readonly NoticeEntry[] | undefined): NoticeTarget | null {
  const value = (key: NoticeEntry['data']) => notice?.find((entry) => entry.data === key)?.value.trim() || undefined;
  const type = value('OS_APP_TYPE');
  if (!type) return null;
  const appId = value('OS_APP_ID');
  const menuId = value('OS_MENU_ID');
  return { type, ...(appId ? { appId } : {}), ...(menuId ? { menuId } : {}) };
}

export type NoticeAction =
  /** A route of the portal to go to. */
  | { kind: 'navigate'; to: string }
  /** A type the portal cannot open from a notice (spec §4: "not supported yet"). */
  | { kind: 'unsupported' }
  /** The application is not one the user may open (gone, disabled or not granted). */
  | { kind: 'unavailable' };

/** What resolving a Web/path target needs to know; both may be slow (network), so both are async. */
export interface NoticeLookups {
  /** The applications the caller may open (GET /applications/self). */
  applications(): Promise<readonly Application[]>;
  /** An application's own menu tree for the caller (GET /users/resources/frontend?instant=). */
  appMenu(app: Application): Promise<readonly MenuNode[]>;
}

/** Which notice types open how; matched without regard to case, since senders spell them freely. */
const OPENERS: ReadonlyMap<string, 'app' | 'micro' | 'studio'> = new Map([
  ['web', 'app'],
  ['path', 'app'],
  ['microweb', 'micro'],
  ['webstudio', 'studio'],
]);

function findNode(nodes: readonly MenuNode[], wanted: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.id === wanted || node.resource === wanted || node.name === wanted) return node;
    const inner = findNode(node.children, wanted);
    if (inner) return inner;
  }
  return undefined;
}

async function webRoute(target: NoticeTarget, lookups: NoticeLookups): Promise<NoticeAction> {
  if (!target.appId) return { kind: 'unavailable' };
  const app = (await lookups.applications()).find((candidate) => candidate.id === target.appId || candidate.instant === target.appId);
  if (!app) return { kind: 'unavailable' };
  if (!target.menuId) return { kind: 'navigate', to: appRoute(app) };
  // A menu the caller cannot see (or a menu tree that failed to load) still opens the application.
  const node = findNode(await lookups.appMenu(app).catch(() => []), target.menuId);
  return { kind: 'navigate', to: node ? appMenuRoute(app, node) : appRoute(app) };
}

/**
 * Where clicking a notice leads (spec §4): Web/path → the application's route (its menu when one is
 * named), MicroWeb → /micro/{appId}/{menuId}, WebStudio → /studio/{appId}/{menuId}; any other type
 * is not supported yet.
 */
export async function resolveNotice(target: NoticeTarget, lookups: NoticeLookups): Promise<NoticeAction> {
  const opener = OPENERS.get(target.type.toLowerCase());
  if (!opener) return { kind: 'unsupported' };
  if (opener === 'app') return webRoute(target, lookups);
  if (!target.appId) return { kind: 'unavailable' };
  const open = opener === 'micro' ? microPath : studioPath;
  return { kind: 'navigate', to: open(target.appId, target.menuId) };
}
