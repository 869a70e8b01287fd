import type { Application } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useEffect, useMemo } from 'react';
import { Navigate } from 'react-router';
import { appResourcesQuery } from '../../app/api/workbench.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { useMicroT } from './messages.ts';
import { fetchMicroMenu } from './microLoad.ts';
import { entryAccess, landingEntry, menuJsonUrl, moduleUrl, visibleEntries } from './microMenu.ts';
import { microPath } from '../../app/launch/targets.ts';
import { MicroMount } from './MicroMount.tsx';
import { MicroSubMenu } from './MicroSubMenu.tsx';
import { useMicroProps } from './useMicroProps.ts';

const EMPTY: string[] = [];

/**
 * One MicroWeb application: its menu.json and the user's resources for it decide the sub-menu and
 * whether the entry in the address may be shown (else 403, or 404 for an entry it does not have).
 */
export function MicroAppHost({ app, appUrl, menuId }: { app: Application; appUrl: string; menuId: string | undefined }) {
  const t = useMicroT();
  const menuUrl = menuJsonUrl(appUrl, window.location.origin);
  const menu = useQuery({ queryKey: ['micro', 'menu', menuUrl], queryFn: () => fetchMicroMenu(menuUrl) });
  const access = useQuery(appResourcesQuery(app.instant));
  const resources = access.data?.resources ?? EMPTY;
  const setMicroResources = useAppStore((state) => state.setMicroResources);
  useEffect(() => {
    if (access.data) setMicroResources(app.instant, access.data.resources);
  }, [access.data, app.instant, setMicroResources]);
  const visible = useMemo(() => visibleEntries(app.instant, menu.data ?? [], resources), [app.instant, menu.data, resources]);
  const props = useMicroProps(app, menuId ?? '', visible, resources);

  if (menu.error) return <LoadFailure name={app.name} error={menu.error} onRetry={() => void menu.refetch()} />;
  if (access.error) return <LoadFailure name={app.name} reason={t('resourcesFailed')} onRetry={() => void access.refetch()} />;
  if (!menu.data || !access.data) return <PageSpinner />;
  if (menuId === undefined) {
    const landing = landingEntry(app, visible);
    return <Navigate to={landing ? microPath(app.id, landing) : '/403'} replace />;
  }
  const entry = entryAccess(menuId, menu.data, visible);
  if (entry !== 'visible') return <Navigate to={entry === 'forbidden' ? '/403' : '/404'} replace />;
  return (
    <Flex gap={16} align="flex-start">
      <MicroSubMenu appId={app.id} name={app.name} entries={visible} menuId={menuId} language={props.language} />
      <MicroMount name={app.name} url={moduleUrl(appUrl, window.location.origin)} props={props} />
    </Flex>
  );
}
