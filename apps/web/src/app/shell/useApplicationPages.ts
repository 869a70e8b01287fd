import type { Application, MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { selfApplicationsQuery, appResourcesQuery } from '../api/workbench.ts';
import { appMenuNodes } from '../launch/targets.ts';

export interface ApplicationPages {
  /** Undefined while loading, or when the user has no such application. */
  app: Application | undefined;
  /** The user's applications are still loading: whether `app` exists is not known yet. */
  loading: boolean;
  /** The application's pages the user may open (its own menu below its root). */
  pages: readonly MenuNode[];
  pagesLoading: boolean;
}

/** One of the user's applications, picked by `find`, with the pages of its own menu the user may open. */
export function useApplicationPages(find: (apps: readonly Application[]) => Application | undefined): ApplicationPages {
  const applications = useQuery(selfApplicationsQuery);
  const app = applications.data ? find(applications.data) : undefined;
  const instant = app?.instant ?? '';
  const menu = useQuery({ ...appResourcesQuery(instant), enabled: !!app });
  return {
    app,
    loading: applications.isPending,
    pages: app ? appMenuNodes(menu.data?.menus ?? [], app.instant) : [],
    pagesLoading: !!app && menu.isPending,
  };
}

/** A node of a tree by its id. */
export function findMenuNode(nodes: readonly MenuNode[], id: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findMenuNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}
