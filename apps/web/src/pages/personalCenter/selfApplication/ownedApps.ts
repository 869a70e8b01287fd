import type { Application, MenuNode, PageOf } from '@portal/contracts';
import { withQuery } from '../../../api/query.ts';
import { pagePath } from '../../../components/admin/pagePaths.ts';
import { asPage, type PageState } from '../../../components/admin/pageQuery.ts';

/** One page of the owned applications whose name or key contains the keyword. */
export function ownedPage(all: readonly Application[], query: PageState): PageOf<Application> {
  const keyword = query.keyword?.toLowerCase();
  const matching = keyword ? all.filter((app) => `${app.name}\n${app.instant}`.toLowerCase().includes(keyword)) : [...all];
  return asPage(matching, query);
}

/** The hidden build entry below the list page: /personalCenter/selfApplication/build?applicationId=… */
export function buildPath(listNode: Pick<MenuNode, 'resource'>, applicationId: string): string {
  return withQuery(`${pagePath(listNode)}/build`, { applicationId });
}
