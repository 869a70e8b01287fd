import type { AccessKeyView } from '@portal/contracts';
import { Button, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { keyApi, KEYS_ROOT, type KeyScope } from './api.ts';
import { useOssKeysT } from './messages.ts';
import { summarise } from './policyForm.ts';

/** What the user may do to the keys of a tab (the own tab: everything; the every tab: the page's points). */
export interface KeyRights {
  update: boolean;
  remove: boolean;
}

interface KeyTableProps {
  scope: KeyScope;
  rights: KeyRights;
  /** Filters for the every tab (ownerId). */
  filters?: Record<string, unknown>;
  toolbar?: ReactNode;
  onEdit: (key: AccessKeyView) => void;
  onRotate: (key: AccessKeyView) => Promise<unknown>;
  onToggle: (key: AccessKeyView) => Promise<unknown>;
  onRemove: (key: AccessKeyView) => Promise<unknown>;
}

function PolicySummary({ policy }: Pick<AccessKeyView, 'policy'>) {
  const t = useOssKeysT();
  const summary = summarise(policy);
  const actions =
    summary.actions === 'all'
      ? [<Tag key="all">s3:*</Tag>]
      : summary.actions.map(({ group, full }) => (
          <Tag key={group} color={full ? 'blue' : undefined}>
            {full ? t(`group_${group}`) : t('groupSome', { group: t(`group_${group}`) })}
          </Tag>
        ));
  const limits = [
    summary.buckets === 'all' ? t('allBucketsShort') : summary.buckets.join(', '),
    summary.prefixes > 0 ? t('prefixCount', { count: summary.prefixes }) : null,
    summary.sources > 0 ? t('sourceCount', { count: summary.sources }) : null,
  ].filter(Boolean);
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{limits.join(' · ')}</Typography.Text>
      <Flex wrap gap={4}>
        {actions}
      </Flex>
    </Flex>
  );
}

function Expiry({ expiresAt }: { expiresAt: string | null }) {
  const t = useOssKeysT();
  if (expiresAt === null) return <>{t('noExpiry')}</>;
  const past = Date.parse(expiresAt) <= Date.now();
  return past ? <Tag color="red">{`${t('expired')} ${formatTime(expiresAt)}`}</Tag> : <>{formatTime(expiresAt)}</>;
}

/** The keys of a tab, paged and searched; the owner column on the every tab. Never a secret: the server sends none. */
export function KeyTable({ scope, rights, filters, toolbar, onEdit, onRotate, onToggle, onRemove }: KeyTableProps) {
  const t = useOssKeysT();
  const columns: TableColumnsType<AccessKeyView> = [
    { title: t('name'), dataIndex: 'name', render: (name: string | null) => name ?? '–' },
    { title: t('accessKeyId'), dataIndex: 'accessKeyId', render: (id: string) => <Typography.Text code>{id}</Typography.Text> },
    ...(scope === 'every'
      ? [{ title: t('owner'), key: 'owner', render: (_: unknown, key: AccessKeyView) => key.ownerName ?? key.ownerId }]
      : []),
    {
      title: t('state'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('enabled') : t('disabled')}</Tag>,
    },
    { title: t('lastUsed'), dataIndex: 'lastUsedAt', render: (at: string | null) => (at ? formatTime(at) : t('never')) },
    { title: t('expiry'), key: 'expiry', render: (_, key) => <Expiry expiresAt={key.policy.expiresAt} /> },
    { title: t('policy'), key: 'policy', render: (_, key) => <PolicySummary policy={key.policy} /> },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, key) => (
        <Space size={0} wrap>
          {rights.update && (
            <>
              <Button type="link" size="small" onClick={() => onEdit(key)}>
                {t('edit')}
              </Button>
              <ConfirmAction
                title={t(key.enabled ? 'disableConfirm' : 'enableConfirm', { id: key.accessKeyId })}
                onConfirm={() => onToggle(key)}
              >
                {key.enabled ? t('disable') : t('enable')}
              </ConfirmAction>
              <ConfirmAction
                title={t('rotateConfirm', { id: key.accessKeyId })}
                description={t('rotateHint')}
                onConfirm={() => onRotate(key)}
              >
                {t('rotate')}
              </ConfirmAction>
            </>
          )}
          {rights.remove && (
            <ConfirmAction
              danger
              title={t('removeConfirm', { id: key.accessKeyId })}
              description={t('removeHint')}
              onConfirm={() => onRemove(key)}
            >
              {t('remove')}
            </ConfirmAction>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ServerTable<AccessKeyView>
      label={t('tableLabel')}
      queryKey={[...KEYS_ROOT, scope]}
      fetchPage={(query) => keyApi.page(scope, query as Parameters<typeof keyApi.page>[1])}
      filters={filters}
      columns={columns}
      rowKey="accessKeyId"
      searchPlaceholder={t('searchPlaceholder')}
      emptyText={t('noKeys')}
      toolbar={toolbar}
      tableProps={{ scroll: { x: 'max-content' } }}
    />
  );
}
