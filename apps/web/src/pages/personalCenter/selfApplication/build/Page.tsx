import type { Application } from '@portal/contracts';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { useOwnedApplications } from '../api.ts';
import { useSelfApplicationT } from '../messages.ts';

/** The list page this hidden page hangs below. */
const LIST_PATH = '/personalCenter/selfApplication';

const EXPLANATION: Record<Exclude<Application['type'], 'WebStudio'>, 'buildWeb' | 'buildMicroWeb' | 'buildWebThird'> = {
  Web: 'buildWeb',
  path: 'buildWeb',
  MicroWeb: 'buildMicroWeb',
  WebThird: 'buildWebThird',
};

/**
 * personalCenter/selfApplication/build?applicationId=…: the build entry of an owned application.
 * Studio applications are built in the studio (/studio/{applicationId}); other types are explained.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useSelfApplicationT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const applicationId = params.get('applicationId');
  const owned = useOwnedApplications();
  const app = owned.data?.find((candidate) => candidate.id === applicationId);
  const back = <LinkButton to={LIST_PATH}>{t('backToList')}</LinkButton>;

  let body;
  if (owned.isLoading) body = <Spin />;
  else if (!applicationId) body = <Result status="info" title={t('pickApplication')} extra={back} />;
  else if (!app) body = <Result status="404" title={t('notYours')} extra={back} />;
  else if (app.type === 'WebStudio') {
    body = (
      <Result
        status="info"
        title={t('buildTitle', { name: app.name })}
        subTitle={t('buildStudio', { name: app.name })}
        extra={
          <Button type="primary" autoFocus onClick={() => void navigate(`/studio/${encodeURIComponent(app.id)}`)}>
            {t('openStudio')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Result
        status="info"
        title={t('buildTitle', { name: app.name })}
        subTitle={`${t(EXPLANATION[app.type], { name: app.name })} ${t('buildOnlyStudio')}`}
        extra={back}
      />
    );
  }
  return (
    <AdminPage title={node.title} backTo={LIST_PATH}>
      {body}
    </AdminPage>
  );
}
