import { Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { BuildEntry } from '../../../../components/applications/BuildEntry.tsx';
import { useOwnedApplications } from '../api.ts';
import { useSelfApplicationT } from '../messages.ts';

/** The list page this hidden page hangs below. */
const LIST_PATH = '/personalCenter/selfApplication';

/**
 * personalCenter/selfApplication/build?applicationId=…: the build entry of an owned application.
 * Studio applications are built in the studio (/studio/{applicationId}); other types are explained.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useSelfApplicationT();
  const [params] = useSearchParams();
  const applicationId = params.get('applicationId');
  const owned = useOwnedApplications();
  const app = owned.data?.find((candidate) => candidate.id === applicationId);
  const back = <LinkButton to={LIST_PATH}>{t('backToList')}</LinkButton>;

  let body;
  if (owned.isLoading) body = <Spin />;
  else if (!applicationId) body = <Result status="info" title={t('pickApplication')} extra={back} />;
  else if (!app) body = <Result status="404" title={t('notYours')} extra={back} />;
  else body = <BuildEntry application={app} extra={back} />;
  return (
    <AdminPage title={node.title} backTo={LIST_PATH}>
      {body}
    </AdminPage>
  );
}
