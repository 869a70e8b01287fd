import type { MenuNode } from '@portal/contracts';

// Kept apart from AdminPage.tsx so pure modules (and their unit tests) can build addresses without loading antd.

/** The address of a console page: its resource string with ':' turned into '/' (spec §5). */
export const pagePath = (node: Pick<MenuNode, 'resource'>): string => `/${node.resource.split(':').join('/')}`;

/** The address of a page's detail view for one record. */
export const detailPath = (node: Pick<MenuNode, 'resource'>, id: string): string => `${pagePath(node)}/${encodeURIComponent(id)}`;
