import { OAUTH_SCOPES, type OAuthConsent } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Table, type TableColumnsType } from 'antd';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { useConsentT } from '../../consent/messages.ts';
import { CONSENTS_KEY, fetchConsents, revokeConsent } from './api.ts';
import { useSecurityT } from './messages.ts';

/**
 * The applications the caller allowed on the consent page, with what each may do, and withdrawing
 * one (confirmed first): it asks again next time, and its refresh tokens for the caller end.
 */
export function ConnectedAppsCard() {
  const t = useSecurityT();
  const scopeT = useConsentT();
  const consents = useQuery({ queryKey: CONSENTS_KEY, queryFn: fetchConsents });
  const revoke = useInvalidatingMutation(revokeConsent, { invalidate: [CONSENTS_KEY], success: t('connected.revoked') });

  const columns: TableColumnsType<OAuthConsent> = [
    { title: t('connected.application'), dataIndex: 'applicationName' },
    {
      title: t('connected.access'),
      key: 'scopes',
      render: (_, consent) => (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {OAUTH_SCOPES.filter((scope) => consent.scopes.includes(scope)).map((scope) => (
            <li key={scope}>{scopeT(`scope.${scope}`)}</li>
          ))}
        </ul>
      ),
    },
    { title: t('connected.client'), dataIndex: 'clientId', render: (id: string) => <code>{id}</code> },
    { title: t('connected.grantedAt'), dataIndex: 'grantedAt', render: (at: string) => <time dateTime={at}>{formatTime(at)}</time> },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, consent) => (
        <ConfirmAction
          title={t('connected.revokeConfirm', { application: consent.applicationName })}
          description={t('connected.revokeExplain')}
          okText={t('connected.revoke')}
          danger
          onConfirm={() => revoke.mutateAsync(consent.clientId)}
          buttonProps={{ 'aria-label': `${t('connected.revoke')}: ${consent.applicationName}` }}
        >
          {t('connected.revoke')}
        </ConfirmAction>
      ),
    },
  ];

  return (
    <Card title={t('connected.title')}>
      {consents.isError ? (
        <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void consents.refetch()}>{t('retry')}</Button>} />
      ) : (
        <Table<OAuthConsent>
          aria-label={t('connected.title')}
          rowKey="clientId"
          size="small"
          columns={columns}
          dataSource={consents.data ?? []}
          loading={consents.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('connected.empty')} /> }}
        />
      )}
    </Card>
  );
}
