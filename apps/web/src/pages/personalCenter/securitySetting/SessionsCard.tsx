import type { AccountSession } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Result, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { useFeedback } from '../../../components/admin/useFeedback.ts';
import { fetchSessions, SESSIONS_KEY, signOutOtherSessions, signOutSession } from './api.ts';
import { useSecurityT, type SecurityT } from './messages.ts';
import { describeUserAgent } from './userAgent.ts';

const deviceText = (session: AccountSession, t: SecurityT): string => {
  const { browser, system } = describeUserAgent(session.userAgent);
  if (browser && system) return t('sessions.on', { browser, system });
  return browser ?? system ?? t('sessions.unknownDevice');
};

const time = (iso: string) => <time dateTime={iso}>{formatTime(iso)}</time>;

/** Where the caller is signed in, with signing out one session or every other one (each confirmed first). */
export function SessionsCard() {
  const t = useSecurityT();
  const { message } = useFeedback();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: fetchSessions });
  const signOut = useInvalidatingMutation(signOutSession, { invalidate: [SESSIONS_KEY], success: t('sessions.signedOut') });
  const signOutOthers = useInvalidatingMutation(signOutOtherSessions, { invalidate: [SESSIONS_KEY], success: false });
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  const columns: TableColumnsType<AccountSession> = [
    {
      title: t('sessions.device'),
      key: 'device',
      render: (_, session) => (
        <Space wrap size={4}>
          <Tooltip title={session.userAgent}>
            <span>{deviceText(session, t)}</span>
          </Tooltip>
          {session.current && <Tag color="blue">{t('sessions.thisDevice')}</Tag>}
          {session.remember && <Tag>{t('sessions.remembered')}</Tag>}
        </Space>
      ),
    },
    { title: t('sessions.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '' },
    { title: t('sessions.signedIn'), dataIndex: 'createdAt', render: time },
    {
      title: t('sessions.lastActive'),
      dataIndex: 'lastUsedAt',
      render: (at: string | null) => (at ? time(at) : t('sessions.notSince')),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, session) =>
        !session.current && (
          <ConfirmAction
            title={t('sessions.signOutConfirm')}
            okText={t('sessions.signOut')}
            danger
            onConfirm={() => signOut.mutateAsync(session.id)}
            buttonProps={{ 'aria-label': `${t('sessions.signOut')}: ${deviceText(session, t)}, ${session.ip ?? ''}` }}
          >
            {t('sessions.signOut')}
          </ConfirmAction>
        ),
    },
  ];

  return (
    <Card
      title={t('sessions.title')}
      extra={
        <Popconfirm
          title={t('sessions.signOutOthersConfirm')}
          description={t('sessions.signOutOthersExplain')}
          okText={t('sessions.signOutOthers')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            signOutOthers
              .mutateAsync()
              .then(({ revoked }) => message.success(t('sessions.signedOutOthers', { count: revoked })))
              .catch(() => undefined)
          }
          disabled={others === 0}
        >
          <Button danger disabled={others === 0} loading={signOutOthers.isPending}>
            {t('sessions.signOutOthers')}
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isError ? (
        <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void sessions.refetch()}>{t('retry')}</Button>} />
      ) : (
        <Table<AccountSession>
          aria-label={t('sessions.title')}
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={sessions.data ?? []}
          loading={sessions.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sessions.empty')} /> }}
        />
      )}
    </Card>
  );
}
