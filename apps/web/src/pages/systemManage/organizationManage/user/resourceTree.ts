import { walkCatalogue } from '@portal/contracts';

/** antd Tree node of a resource: the key is the resource string up to this segment. */
export interface ResourceTreeNode {
  key: string;
  title: string;
  children?: ResourceTreeNode[];
}

/** Resource string → menu title, from the catalogue (e.g. 'systemManage:roleManage' → 'Roles'). */
export const catalogueTitles = (): Map<string, string> => new Map([...walkCatalogue()].map(({ resource, node }) => [resource, node.title]));

/**
 * Resource strings ('a:b:c') as a tree by their segments, each node titled from `titles` (else its
 * segment), in the order first seen. A resource whose ancestor is also held stays nested under it.
 */
export function resourceTree(resources: readonly string[], titles: ReadonlyMap<string, string> = new Map()): ResourceTreeNode[] {
  const roots: ResourceTreeNode[] = [];
  const byKey = new Map<string, ResourceTreeNode>();
  for (const resource of resources) {
    let level = roots;
    let key = '';
    for (const segment of resource.split(':').filter(Boolean)) {
      key = key ? `${key}:${segment}` : segment;
      let node = byKey.get(key);
      if (!node) {
        node = { key, title: titles.get(key) ?? segment };
        byKey.set(key, node);
        level.push(node);
      }
      node.children ??= [];
      level = node.children;
    }
  }
  // Leaves carry no empty children list (antd would draw an expander).
  const prune = (nodes: ResourceTreeNode[]): ResourceTreeNode[] =>
    nodes.map(({ children, ...node }) => (children?.length ? { ...node, children: prune(children) } : node));
  return prune(roots);
}
