import type { Organization } from '@portal/contracts';

/** A node of GET /v1/org/tree/whole: an organisation with its sub-organisations. */
export type OrgNode = Organization & { children?: OrgNode[] };

/** antd Tree / TreeSelect node for an organisation (`key` and `value` are its id). */
export interface OrgTreeData {
  key: string;
  value: string;
  title: string;
  children?: OrgTreeData[];
}

export function toTreeData(nodes: readonly OrgNode[]): OrgTreeData[] {
  return nodes.map((node) => {
    const children = node.children?.length ? toTreeData(node.children) : undefined;
    return { key: node.id, value: node.id, title: node.name, ...(children ? { children } : {}) };
  });
}

/** Depth-first walk yielding each organisation with its depth (roots at 0). */
export function* walkOrgs(nodes: readonly OrgNode[], depth = 0): Generator<{ node: OrgNode; depth: number }> {
  for (const node of nodes) {
    yield { node, depth };
    if (node.children) yield* walkOrgs(node.children, depth + 1);
  }
}

export function findOrg(nodes: readonly OrgNode[], id: string): OrgNode | undefined {
  for (const { node } of walkOrgs(nodes)) if (node.id === id) return node;
  return undefined;
}

/** Ids of the organisations down to `maxDepth` that have children: the tree opens that far. */
export function keysToDepth(nodes: readonly OrgNode[], maxDepth: number): string[] {
  return [...walkOrgs(nodes)].filter(({ node, depth }) => depth < maxDepth && node.children?.length).map(({ node }) => node.id);
}

/**
 * The tree cut down to organisations whose name or code contains `keyword` (any case), with their
 * ancestors so they stay in place and their whole subtree; `expand` lists the ancestors to open.
 */
export function filterOrgTree(nodes: readonly OrgNode[], keyword: string): { nodes: OrgNode[]; expand: string[] } {
  const wanted = keyword.trim().toLowerCase();
  if (!wanted) return { nodes: [...nodes], expand: [] };
  const expand: string[] = [];
  const visit = (list: readonly OrgNode[]): OrgNode[] =>
    list.flatMap((node) => {
      if (node.name.toLowerCase().includes(wanted) || node.code.toLowerCase().includes(wanted)) return [node];
      const children = visit(node.children ?? []);
      if (children.length === 0) return [];
      expand.push(node.id);
      return [{ ...node, children }];
    });
  return { nodes: visit(nodes), expand };
}
