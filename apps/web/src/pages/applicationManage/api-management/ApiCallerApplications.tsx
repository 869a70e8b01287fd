import type { ApiDetail } from '@portal/contracts';
import { Table, Tag, Typography } from 'antd';
import { formatTime } from '../../../components/admin/format.ts';
import { useApiT } from './messages.ts';

/** The applications authorised to call an application's API now, with how long for. */
export function ApiCallerApplications({ applications }: Pick<ApiDetail, 'applications'>) {
  const t = useApiT();
  if (applications.length === 0) return <Typography.Paragraph>{t('noApplications')}</Typography.Paragraph>;
  return (
    <>
      <Typography.Paragraph>{t('applicationsIntro')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="authorizationId"
        dataSource={applications}
        columns={[
          {
            key: 'name',
            title: t('application'),
            dataIndex: 'name',
            render: (name: string, caller) => (
              <>
                {`${name} (${caller.instant})`} {caller.state === 'disabled' && <Tag>{t('callerDisabled')}</Tag>}
              </>
            ),
          },
          {
            key: 'expiresAt',
            title: t('expiresAt'),
            dataIndex: 'expiresAt',
            width: 220,
            render: (expiresAt: string | null) => (expiresAt ? formatTime(expiresAt) : t('forGood')),
          },
        ]}
      />
    </>
  );
}
