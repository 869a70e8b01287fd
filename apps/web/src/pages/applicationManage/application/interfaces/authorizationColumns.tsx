import type { ApiAuthorization } from '@portal/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatTime } from '../../../../components/admin/format.ts';
import { MethodTag } from '../../api-management/MethodTag.tsx';
import { useInterfacesT } from './messages.ts';

/**
 * The columns both authorisation tables share: the API, the other application (`application`
 * names it), when it ends, and whether it is still in force.
 */
export function useAuthorizationColumns(application: { title: string; name: (row: ApiAuthorization) => string }) {
  const t = useInterfacesT();
  const columns: ColumnsType<ApiAuthorization> = [
    { title: application.title, key: 'application', render: (_, row) => application.name(row) },
    {
      title: t('granted.api'),
      key: 'api',
      render: (_, row) => (
        <>
          <MethodTag method={row.method} /> <code>{row.path}</code>
        </>
      ),
    },
    {
      title: t('granted.expiresAt'),
      key: 'expiresAt',
      width: 180,
      render: (_, row) => (row.expiresAt ? formatTime(row.expiresAt) : t('granted.never')),
    },
    {
      title: t('granted.state'),
      key: 'state',
      width: 110,
      render: (_, row) => (row.expired ? <Tag color="red">{t('granted.expired')}</Tag> : <Tag color="green">{t('granted.active')}</Tag>),
    },
  ];
  return columns;
}
