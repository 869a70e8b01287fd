import type { Application } from '@portal/contracts';
import { Alert, Button, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useBuildT } from './messages.ts';

const EXPLANATION: Record<Exclude<Application['type'], 'WebStudio'>, 'buildWeb' | 'buildMicroWeb' | 'buildWebThird'> = {
  Web: 'buildWeb',
  path: 'buildWeb',
  MicroWeb: 'buildMicroWeb',
  WebThird: 'buildWebThird',
};

/** The studio host of an application (app/launch's studioPath; widgets do not import the shell). */
const studioPath = (applicationId: string) => `/studio/${encodeURIComponent(applicationId)}`;

/**
 * The build entry of an application: a studio application opens in the studio (/studio/{id}), and
 * says plainly that its builder is not there yet; any other type is explained (it is built elsewhere).
 * `extra` goes beside the studio button or alone (a way back, a close button).
 */
export function BuildEntry({ application, extra }: { application: Pick<Application, 'id' | 'name' | 'type'>; extra?: ReactNode }) {
  const t = useBuildT();
  const navigate = useNavigate();
  const name = application.name;
  if (application.type !== 'WebStudio') {
    return (
      <Result
        status="info"
        title={t('buildTitle', { name })}
        subTitle={`${t(EXPLANATION[application.type], { name })} ${t('buildOnlyStudio')}`}
        extra={extra}
      />
    );
  }
  return (
    <Result
      status="info"
      title={t('buildTitle', { name })}
      subTitle={t('buildStudio', { name })}
      extra={
        <Flex vertical gap={16} align="center">
          <Alert type="warning" showIcon title={t('builderNotYet')} />
          <Flex gap={8} justify="center">
            <Button type="primary" autoFocus onClick={() => void navigate(studioPath(application.id))}>
              {t('openStudio')}
            </Button>
            {extra}
          </Flex>
        </Flex>
      }
    />
  );
}
