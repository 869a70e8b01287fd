import { PositionInput, positionEndpoints, type Position } from '@portal/contracts';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../../access/points.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { formatTime } from '../../../../components/admin/format.ts';
import { OrgTreeSelect, orgFilter } from '../../../../components/admin/OrgTreeSelect.tsx';
import { ResourcePage } from '../../../../components/resource/ResourcePage.tsx';
import { PositionSections } from './PositionSections.tsx';
import '../../../../components/admin/messages.ts';

/** systemManage/organizationManage/position: positions by organisation, with their holders and roles. */
export function Component({ node, detailId }: ConsolePageProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<Position> = [
    { key: 'name', title: t('adminKit.name'), dataIndex: 'name', sorter: true },
    { key: 'code', title: t('adminKit.code'), dataIndex: 'code', sorter: true },
    { key: 'orgName', title: t('adminKit.org'), dataIndex: 'orgName' },
    { key: 'sort', title: t('orgManage.positions.sort'), dataIndex: 'sort', sorter: true, width: 100 },
    { key: 'createdAt', title: t('adminKit.createdAt'), dataIndex: 'createdAt', sorter: true, render: formatTime },
  ];
  return (
    <ResourcePage
      node={node}
      detailId={detailId}
      endpoints={positionEndpoints}
      queryKey={ADMIN_KEYS.positions}
      // An organisation's summary counts its positions.
      alsoInvalidate={[ADMIN_KEYS.orgs]}
      texts="orgManage.positions"
      points={POINTS.position}
      form={{
        schema: PositionInput,
        fields: [
          'name',
          { name: 'code', extra: 'adminKit.codeHint' },
          { name: 'orgId', label: 'adminKit.org', input: <OrgTreeSelect /> },
          { name: 'sort', label: 'orgManage.positions.sort' },
          'description',
        ],
      }}
      filter={orgFilter({ label: t('orgManage.positions.filterByOrg'), placeholder: t('orgManage.positions.allOrgs') })}
      // A new position starts in the organisation the list shows.
      newValues={(orgId) => ({ orgId, sort: 0 })}
      columns={columns}
      detail={{
        profile: (position) => [
          { key: 'name', label: t('adminKit.name'), children: position.name },
          { key: 'code', label: t('adminKit.code'), children: position.code },
          { key: 'org', label: t('adminKit.org'), children: position.orgName ?? '—' },
          { key: 'sort', label: t('orgManage.positions.sort'), children: position.sort },
          { key: 'createdAt', label: t('adminKit.createdAt'), children: formatTime(position.createdAt) },
          { key: 'description', label: t('adminKit.description'), children: position.description ?? '—' },
        ],
        sections: (position) => <PositionSections positionId={position.id} />,
      }}
    />
  );
}
