import { ownProfileEndpoints, type ThirdPartyBinding } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Flex, Result, Table, Typography, type TableColumnsType } from 'antd';
import { call } from '../../../api/call.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { useBoundAccountT } from './messages.ts';

const fetchBindings = () => call(ownProfileEndpoints.thirdPartyBindings);

/** personalCenter/boundAccount (hidden by a flag): the caller's accounts at other identity providers. */
export function Component({ node }: ConsolePageProps) {
  const t = useBoundAccountT();
  const bindings = useQuery({ queryKey: ['permission', 'users', 'self', 'third'], queryFn: fetchBindings });
  const columns: TableColumnsType<ThirdPartyBinding> = [
    { title: t('provider'), dataIndex: 'type' },
    {
      title: t('account'),
      key: 'account',
      render: (_, binding) => (
        <Flex gap={8} align="center">
          <Avatar size="small" src={binding.avatar || undefined}>
            {(binding.nickname ?? binding.type).charAt(0).toUpperCase()}
          </Avatar>
          <span>{binding.nickname ?? binding.openId}</span>
        </Flex>
      ),
    },
    { title: t('openId'), dataIndex: 'openId', render: (id: string) => <Typography.Text copyable>{id}</Typography.Text> },
    { title: t('boundAt'), dataIndex: 'boundAt', render: (at: string) => <time dateTime={at}>{formatTime(at)}</time> },
  ];
  return (
    <AdminPage title={node.title}>
      <Card size="small">
        {bindings.isError ? (
          <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void bindings.refetch()}>{t('retry')}</Button>} />
        ) : (
          <Table<ThirdPartyBinding>
            aria-label={node.title}
            rowKey={(binding) => `${binding.type}:${binding.openId}`}
            columns={columns}
            dataSource={bindings.data ?? []}
            loading={bindings.isLoading}
            pagination={false}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <Flex vertical>
                      <span>{t('empty')}</span>
                      <Typography.Text type="secondary">{t('emptyHint')}</Typography.Text>
                    </Flex>
                  }
                />
              ),
            }}
          />
        )}
      </Card>
    </AdminPage>
  );
}
