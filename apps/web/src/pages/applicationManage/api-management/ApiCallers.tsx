import type { ApiDetail } from '@portal/contracts';
import { Card, Table, Tag, Typography } from 'antd';
import { ApiCallerApplications } from './ApiCallerApplications.tsx';
import { useApiT } from './messages.ts';

/**
 * Who may call the API: anyone, everyone signed in, the roles granted a point gating it (and the
 * application's owner, for a call on one application), or (an application's) the applications authorised.
 */
export function ApiCallers({ api }: { api: ApiDetail }) {
  const t = useApiT();
  return (
    <Card title={t('callers')}>
      {api.callers === 'anyone' && <Typography.Text>{t('anyone')}</Typography.Text>}
      {api.callers === 'signedIn' && <Typography.Text>{t('everyoneSignedIn')}</Typography.Text>}
      {api.callers === 'applications' && <ApiCallerApplications applications={api.applications} />}
      {api.callers === 'roles' && (
        <>
          <Typography.Paragraph>
            {t('points')}:{' '}
            {api.points.map((point) => (
              <Tag key={point}>{point}</Tag>
            ))}
          </Typography.Paragraph>
          {api.access === 'gatedOrOwner' && <Typography.Paragraph>{t('alsoOwner')}</Typography.Paragraph>}
          <Typography.Paragraph>{api.roles.length ? t('rolesIntro') : t('noRoles')}</Typography.Paragraph>
          {api.roles.length > 0 && (
            <Table
              size="small"
              pagination={false}
              rowKey="id"
              dataSource={api.roles}
              columns={[
                { key: 'name', title: t('role'), dataIndex: 'name', render: (name: string, role) => `${name} (${role.code})` },
                {
                  key: 'through',
                  title: t('through'),
                  dataIndex: 'through',
                  render: (through: string[]) =>
                    through.length ? through.map((point) => <Tag key={point}>{point}</Tag>) : t('everything'),
                },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
