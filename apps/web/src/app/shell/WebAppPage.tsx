import type { Application } from '@portal/contracts';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { pathSegments, resolveMenuPath } from '../access/menuPath.ts';
import { appMenuRoute, appRoute, firstPage } from '../launch/targets.ts';
import { ApplicationFrame } from './ApplicationFrame.tsx';
import { useApplicationPages } from './useApplicationPages.ts';

/** The application (Web type, outside the console) whose route the path lies under, the longest route first. */
export function webAppOf(apps: readonly Application[], segments: readonly string[], excluded: (first: string) => boolean) {
  return apps
    .filter((app) => app.type === 'Web' || app.type === 'path')
    .map((app) => ({ app, route: pathSegments(appRoute(app)) }))
    .filter(({ route }) => route.length > 0 && !excluded(route[0] ?? '') && route.every((name, index) => segments[index] === name))
    .sort((a, b) => b.route.length - a.route.length)[0];
}

/**
 * A page of a Web application that is not part of the console: its menu beside it. The
 * application's own page code is not part of this portal build, which the page says honestly.
 */
export function WebAppPage({ app, below }: { app: Application; below: string[] }) {
  const { t } = useTranslation();
  const { pages, pagesLoading } = useApplicationPages((apps) => apps.find((candidate) => candidate.id === app.id));
  if (pagesLoading) return <PageSpinner />;
  const resolved = below.length > 0 ? resolveMenuPath(pages, below) : null;
  if (below.length === 0) {
    const first = firstPage(pages);
    if (first) return <Navigate to={appMenuRoute(app, first)} replace />;
  } else if (!resolved) {
    return <Navigate to="/404" replace />;
  }
  return (
    <ApplicationFrame app={app} pages={pages} loading={false} selected={resolved?.trail.at(-1)} hrefOf={(node) => appMenuRoute(app, node)}>
      <Empty
        description={
          <>
            {t('shell.appPageEmpty', { name: app.name })}
            <br />
            {t('shell.appPageEmptyHint')}
          </>
        }
      />
    </ApplicationFrame>
  );
}
