import type { ThirdPartyBinding } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Flex, Result, Table, Typography, type TableColumnsType } from 'antd';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { useAppStore } from '../../../app/store/appStore.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { fetchTotpStatus, TOTP_KEY } from '../securitySetting/api.ts';
import { useVerifiedChange } from '../securitySetting/useVerifiedChange.ts';
import { VerifyIdentityModal } from '../securitySetting/VerifyIdentityModal.tsx';
import { BINDINGS_KEY, fetchBindings, startLinking, unlinkOwn } from './api.ts';
import { useBoundAccountT } from './messages.ts';

/**
 * personalCenter/boundAccount (hidden by a flag): the caller's accounts at identity providers, link
 * one more (through the provider's sign-in) or unlink one (confirmed; with an authenticator app,
 * after the mfa_token step). The server refuses to unlink the last way to sign in.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useBoundAccountT();
  const bindings = useQuery({ queryKey: BINDINGS_KEY, queryFn: fetchBindings });
  const totp = useQuery({ queryKey: TOTP_KEY, queryFn: fetchTotpStatus });
  // The enabled providers, from the public configuration the shell loaded.
  const providers = useAppStore((state) => state.systemConfig?.identityProviders) ?? [];
  const flow = useVerifiedChange();
  const unlink = useInvalidatingMutation(({ type, token }: { type: string; token?: string }) => unlinkOwn(type, token), {
    invalidate: [BINDINGS_KEY],
    success: t('unlinked'),
  });
  const confirmUnlink = async (type: string) => {
    if (totp.data?.enrolled) flow.start('third', (token) => unlink.mutate({ type, token }));
    else await unlink.mutateAsync({ type });
  };
  const linked = new Set((bindings.data ?? []).map((binding) => binding.type));
  const linkable = providers.filter((provider) => !linked.has(provider.id));

  const columns: TableColumnsType<ThirdPartyBinding> = [
    { title: t('provider'), dataIndex: 'providerName' },
    {
      title: t('account'),
      key: 'account',
      render: (_, binding) => (
        <Flex gap={8} align="center">
          <Avatar size="small" src={binding.avatar || undefined}>
            {(binding.nickname ?? binding.providerName).charAt(0).toUpperCase()}
          </Avatar>
          <span>{binding.nickname ?? binding.email ?? binding.openId}</span>
        </Flex>
      ),
    },
    { title: t('openId'), dataIndex: 'openId', render: (id: string) => <Typography.Text copyable>{id}</Typography.Text> },
    { title: t('boundAt'), dataIndex: 'boundAt', render: (at: string) => <time dateTime={at}>{formatTime(at)}</time> },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, binding) => (
        <ConfirmAction
          title={t('unlinkConfirm', { provider: binding.providerName })}
          description={t('unlinkExplain')}
          danger
          okText={t('unlink')}
          onConfirm={() => confirmUnlink(binding.type)}
        >
          {t('unlink')}
        </ConfirmAction>
      ),
    },
  ];
  return (
    <AdminPage title={node.title}>
      <Card
        size="small"
        extra={
          <Flex gap={8} wrap>
            {linkable.map((provider) => (
              <Button key={provider.id} onClick={() => void startLinking(provider.id)}>
                {t('link', { provider: provider.name })}
              </Button>
            ))}
          </Flex>
        }
      >
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
      <VerifyIdentityModal
        purpose={flow.verifying}
        totpEnrolled={totp.data?.enrolled ?? false}
        onCancel={flow.cancelVerify}
        onVerified={flow.verified}
      />
    </AdminPage>
  );
}
