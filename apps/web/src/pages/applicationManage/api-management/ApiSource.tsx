import type { ApiEntry } from '@portal/contracts';
import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { useApiT } from './messages.ts';

/** The application registry's page, where an application's detail lives. */
const APPLICATION_PAGE = { resource: 'applicationManage:application' };

/** Where an API comes from: the platform, or its application (linked to the application's detail, marked when disabled). */
export function ApiSource({ entry }: { entry: Pick<ApiEntry, 'source' | 'applicationId' | 'applicationName' | 'applicationState'> }) {
  const t = useApiT();
  if (entry.source === 'platform' || !entry.applicationId) return <>{t('sources.platform')}</>;
  return (
    <Space size={4} wrap>
      <Link to={detailPath(APPLICATION_PAGE, entry.applicationId)}>{entry.applicationName ?? entry.applicationId}</Link>
      {entry.applicationState === 'disabled' && <Tag color="default">{t('disabled')}</Tag>}
    </Space>
  );
}
