import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { selfApplicationsQuery } from '../../app/api/workbench.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { useMicroT } from './messages.ts';
import { MicroLoadError } from './microLoad.ts';
import { MicroAppHost } from './MicroAppHost.tsx';

/**
 * /micro/{appId}/{menuId?}: a MicroWeb application the user may open, found by id (or instant).
 * One the user may not open is a 403; an application of another type has no micro page (404).
 */
export function Component() {
  const { appId = '', menuId } = useParams();
  const t = useMicroT();
  const applications = useQuery(selfApplicationsQuery);
  if (applications.error) return <LoadFailure name={appId} reason={t('applicationsFailed')} onRetry={() => void applications.refetch()} />;
  if (!applications.data) return <PageSpinner />;
  const app = applications.data.find((candidate) => candidate.id === appId || candidate.instant === appId);
  if (!app) return <Navigate to="/403" replace />;
  if (app.type !== 'MicroWeb') return <Navigate to="/404" replace />;
  if (!app.appUrl) return <LoadFailure name={app.name} error={new MicroLoadError('noEntry')} onRetry={() => void applications.refetch()} />;
  // Keyed by application: another app's page starts from scratch (its own module, menu and mount).
  return <MicroAppHost key={app.id} app={app} appUrl={app.appUrl} menuId={menuId} />;
}
