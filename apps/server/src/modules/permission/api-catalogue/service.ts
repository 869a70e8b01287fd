import type { ApiCatalogueFacets, ApiCatalogueQuery, ApiDetail, ApiEntry, PageOf } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { pageOf, pageWindow } from '../../../platform/paging.ts';
import type { CatalogueApi, CatalogueSource } from './catalogue-api.ts';

const byModuleThenPath = (a: ApiEntry, b: ApiEntry) =>
  a.module.localeCompare(b.module) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method);

/** Whether an entry passes the list's filters: each given one must hold; the keyword is looked for in path and summary. */
function matches(entry: ApiEntry, query: ApiCatalogueQuery): boolean {
  const keyword = query.keyword?.trim().toLowerCase();
  return (
    (!query.module || entry.module === query.module) &&
    (!query.tag || entry.tags.includes(query.tag)) &&
    (!query.method || entry.method === query.method) &&
    (!query.source || entry.source === query.source) &&
    (!keyword || entry.path.toLowerCase().includes(keyword) || entry.summary.toLowerCase().includes(keyword))
  );
}

/** The API catalogue over its sources (sources.ts): a paged, filtered list, the filters' choices, one API's detail. */
export function createApiCatalogue(db: Db, sources: readonly CatalogueSource[]) {
  async function everyApi(): Promise<CatalogueApi[]> {
    const lists = await Promise.all(sources.map((source) => source.apis(db)));
    return lists.flat();
  }

  async function page(query: ApiCatalogueQuery): Promise<PageOf<ApiEntry>> {
    const window = pageWindow(query);
    const found = (await everyApi())
      .map((api) => api.entry)
      .filter((entry) => matches(entry, query))
      .sort(byModuleThenPath);
    return pageOf(found.slice(window.offset, window.offset + window.size), found.length, window);
  }

  async function facets(): Promise<ApiCatalogueFacets> {
    const entries = (await everyApi()).map((api) => api.entry);
    const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
    const applications = new Map(
      entries.flatMap((entry) => (entry.applicationName ? [[entry.module, entry.applicationName] as const] : [])),
    );
    return {
      modules: sorted(entries.map((entry) => entry.module)),
      tags: sorted(entries.flatMap((entry) => entry.tags)),
      applications: sorted(applications.keys()).map((module) => ({ module, name: applications.get(module) ?? module })),
    };
  }

  async function detail(id: string): Promise<ApiDetail> {
    const api = (await everyApi()).find((candidate) => candidate.entry.id === id);
    if (!api) throw notFound('The API');
    return { ...api.entry, ...(await api.detail(db)) };
  }

  return { page, facets, detail };
}
