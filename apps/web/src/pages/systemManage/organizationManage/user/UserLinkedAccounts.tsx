import { thirdBindingEndpoints, type ThirdPartyBinding } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography, type TableColumnsType } from 'antd';
import { call } from '../../../../api/call.ts';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { defineTexts } from '../../../../i18n/texts.ts';

const useLinkedT = defineTexts(
  'userLinkedAccounts',
  {
    provider: 'Provider',
    openId: 'Account id at the provider',
    email: 'Email',
    linkedAt: 'Linked on',
    unlink: 'Unlink',
    unlinkConfirm: 'Unlink this account at {{provider}}?',
    unlinked: 'The account is unlinked.',
    empty: 'No accounts at identity providers are linked.',
  },
  {
    provider: '提供方',
    openId: '在提供方的账号 ID',
    email: '邮箱',
    linkedAt: '绑定时间',
    unlink: '解除绑定',
    unlinkConfirm: '解除该用户在 {{provider}} 的账号绑定？',
    unlinked: '已解除绑定。',
    empty: '未绑定任何身份提供方账号。',
  },
);

/** A user's accounts at identity providers; unlinking needs the "third" point (the server keeps the last way in). */
export function UserLinkedAccounts({ userId }: { userId: string }) {
  const t = useLinkedT();
  const canUnlink = useCan(POINTS.user.third);
  const queryKey = ['permission', 'users', userId, 'third'];
  const links = useQuery({ queryKey, queryFn: () => call(thirdBindingEndpoints.ofUser, { params: { id: userId } }) });
  const unlink = useInvalidatingMutation(
    (link: ThirdPartyBinding) =>
      call(thirdBindingEndpoints.unlink, { params: { userId, openId: link.openId }, query: { type: link.type } }),
    { invalidate: [queryKey], success: t('unlinked') },
  );
  const columns: TableColumnsType<ThirdPartyBinding> = [
    { title: t('provider'), dataIndex: 'providerName' },
    { title: t('openId'), dataIndex: 'openId', render: (id: string) => <Typography.Text copyable>{id}</Typography.Text> },
    { title: t('email'), dataIndex: 'email', render: (email: string | null) => email ?? '—' },
    { title: t('linkedAt'), dataIndex: 'boundAt', render: (at: string) => formatTime(at) },
    ...(canUnlink
      ? [
          {
            key: 'actions',
            render: (_: unknown, link: ThirdPartyBinding) => (
              <ConfirmAction title={t('unlinkConfirm', { provider: link.providerName })} danger onConfirm={() => unlink.mutateAsync(link)}>
                {t('unlink')}
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<ThirdPartyBinding>
      rowKey={(link) => `${link.type}:${link.openId}`}
      columns={columns}
      dataSource={links.data ?? []}
      loading={links.isLoading}
      pagination={false}
      locale={{ emptyText: t('empty') }}
    />
  );
}
