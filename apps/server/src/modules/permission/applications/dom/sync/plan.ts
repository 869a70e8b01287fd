import type { PublishedPage } from '@portal/contracts';
import { badRequest } from '../../../../../platform/errors.ts';

/** A node as the application publishes it, flattened: `rel` is its path of names below the root ('a:b'). */
export interface WantedNode {
  rel: string;
  parentRel: string | null;
  name: string;
  type: 'path' | 'element';
  title: string;
  icon: string | null;
  api: string[];
  /** Its place among its siblings. */
  sort: number;
}

/** A stored node of the application's tree, its resource made relative to the root the same way. */
export interface StoredNode {
  id: string;
  rel: string;
  name: string;
  type: 'path' | 'element';
}

/** The plan: which stored node each wanted node becomes (kept in place or moved), and what goes. */
export interface SyncPlan {
  /** Wanted rel -> stored node it continues (same rel, or found elsewhere by name and type). */
  continues: Map<string, StoredNode>;
  removed: StoredNode[];
}

/** A menu.json title: one string, or one per language (English stored). */
const titleOf = (title: PublishedPage['title']): string => (typeof title === 'string' ? title : title['en-US']);

/** The published pages in pre-order (parents before children); names must be unique among siblings. */
export function flattenPublished(pages: readonly PublishedPage[]): WantedNode[] {
  const out: WantedNode[] = [];
  const walk = (siblings: readonly PublishedPage[], parentRel: string | null, field: string) => {
    const seen = new Set<string>();
    const take = (name: string, at: string) => {
      if (seen.has(name)) throw badRequest(`${at}.name: "${name}" appears twice under one parent`, { field: `${at}.name` });
      seen.add(name);
      return parentRel ? `${parentRel}:${name}` : name;
    };
    siblings.forEach((page, index) => {
      const at = `${field}[${index}]`;
      const rel = take(page.name, at);
      out.push({
        rel,
        parentRel,
        name: page.name,
        type: 'path',
        title: titleOf(page.title),
        icon: page.icon ?? null,
        api: [],
        sort: index,
      });
      const elements = page.elements ?? [];
      walk(page.children ?? [], rel, `${at}.children`);
      const seenElements = new Set((page.children ?? []).map((child) => child.name));
      elements.forEach((element, position) => {
        const where = `${at}.elements[${position}]`;
        if (seenElements.has(element.name))
          throw badRequest(`${where}.name: "${element.name}" appears twice under one parent`, { field: `${where}.name` });
        seenElements.add(element.name);
        const sort = (page.children?.length ?? 0) + position;
        out.push({
          rel: `${rel}:${element.name}`,
          parentRel: rel,
          name: element.name,
          type: 'element',
          title: titleOf(element.title),
          icon: null,
          api: element.api ?? [],
          sort,
        });
      });
    });
  };
  walk(pages, null, 'menu');
  return out;
}

/**
 * Matches the published tree to the stored one: first by place (the same path of names and the same
 * type), then a node found nowhere in place continues the one stored node left over with its name
 * and type (it moved). Stored nodes nobody continues are removed; wanted nodes continuing none are added.
 */
export function planSync(wanted: readonly WantedNode[], stored: readonly StoredNode[]): SyncPlan {
  const byRel = new Map(stored.map((node) => [node.rel, node]));
  const continues = new Map<string, StoredNode>();
  const taken = new Set<string>();
  for (const node of wanted) {
    const inPlace = byRel.get(node.rel);
    if (inPlace && inPlace.type === node.type) {
      continues.set(node.rel, inPlace);
      taken.add(inPlace.id);
    }
  }
  // A stored node whose place is wanted by another node stays to be replaced, never moves away: the
  // place would still be taken when that node is written.
  const wantedRels = new Set(wanted.map((node) => node.rel));
  for (const node of wanted) {
    if (continues.has(node.rel)) continue;
    const candidates = stored.filter((s) => !taken.has(s.id) && !wantedRels.has(s.rel) && s.name === node.name && s.type === node.type);
    // Only an unambiguous match is a move; otherwise the node is new and the old ones go.
    if (candidates.length === 1 && candidates[0]) {
      continues.set(node.rel, candidates[0]);
      taken.add(candidates[0].id);
    }
  }
  return { continues, removed: stored.filter((node) => !taken.has(node.id)) };
}
