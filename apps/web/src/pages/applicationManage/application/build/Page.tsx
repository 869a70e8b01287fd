import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { BuildEntry } from '../../../../components/applications/BuildEntry.tsx';
import { APPLICATION_KEY, fetchApplication } from '../api.ts';
import '../../../../components/admin/messages.ts';

/** The list page this hidden page hangs below. */
const LIST_PATH = '/applicationManage/application';

/**
 * applicationManage/application/build?applicationId=…: the console's build entry as a page (the
 * detail's Build button opens the same in a dialog).
 */
export function Component({ node }: ConsolePageProps) {
  const { t } = useTranslation();
  const applicationId = useSearchParams()[0].get('applicationId') ?? '';
  const application = useQuery({
    queryKey: [...APPLICATION_KEY, 'detail', applicationId],
    queryFn: () => fetchApplication(applicationId),
    enabled: applicationId !== '',
  });
  const back = <LinkButton to={LIST_PATH}>{t('adminKit.back')}</LinkButton>;
  return (
    <AdminPage title={node.title} backTo={LIST_PATH}>
      {application.isLoading ? (
        <Spin />
      ) : application.data ? (
        <BuildEntry application={application.data} extra={back} />
      ) : (
        <Result status="404" title={t('adminKit.notFound')} extra={back} />
      )}
    </AdminPage>
  );
}
