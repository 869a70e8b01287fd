import type { Application } from '@portal/contracts';
import { Tag } from 'antd';
import { useAppT } from './messages.ts';
import { isInternalApp } from '@portal/contracts';

/** The application's type in words, with "Internal" for the portal's own sections. */
export function TypeTag({ application }: { application: Pick<Application, 'type' | 'instant'> }) {
  const t = useAppT();
  return (
    <>
      <Tag>{t(`types.${application.type}`)}</Tag>
      {isInternalApp(application.instant) && <Tag color="purple">{t('internal')}</Tag>}
    </>
  );
}

export function StateTag({ state }: { state: Application['state'] }) {
  const t = useAppT();
  return <Tag color={state === 'enabled' ? 'success' : 'default'}>{t(`states.${state}`)}</Tag>;
}
