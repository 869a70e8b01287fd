import type { IdentityProvider } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { createProvider, deleteProvider, fetchThirdSettings, saveThirdOptions, THIRD_KEY, updateProvider } from './api.ts';
import { useThirdT } from './messages.ts';
import { ProviderFormModal, type ProviderValues } from './ProviderFormModal.tsx';
import { inputOf } from './providerInput.ts';

/**
 * The system settings' "third" tab: the identity providers offered on the sign-in page and the
 * linking options. The client secret is write-only: the list says whether one is stored.
 */
export function ThirdPartySettings() {
  const t = useThirdT();
  const canEdit = useCan(POINTS.systemSetting.third);
  const settings = useQuery({ queryKey: THIRD_KEY, queryFn: fetchThirdSettings });
  const [editing, setEditing] = useState<IdentityProvider | null>();
  const saved = { invalidate: [THIRD_KEY], success: t('saved') };
  const options = useInvalidatingMutation(saveThirdOptions, saved);
  const save = useInvalidatingMutation(
    (values: ProviderValues) => (editing ? updateProvider(editing.id, inputOf(values)) : createProvider(values.id, inputOf(values))),
    saved,
  );
  const remove = useInvalidatingMutation(deleteProvider, saved);

  if (settings.isError) {
    return (
      <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void settings.refetch()}>{t('retry')}</Button>} />
    );
  }
  const current = settings.data;
  const toggle = (key: 'autoLink' | 'createAccounts', on: boolean) =>
    current && options.mutate({ autoLink: current.autoLink, createAccounts: current.createAccounts, [key]: on });

  const columns: TableColumnsType<IdentityProvider> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.id'), dataIndex: 'id' },
    { title: t('field.issuer'), dataIndex: 'issuer', render: (issuer: string) => <Typography.Text copyable>{issuer}</Typography.Text> },
    { title: t('field.clientId'), dataIndex: 'clientId' },
    { title: t('field.secret'), dataIndex: 'hasSecret', render: (has: boolean) => <Tag>{has ? t('secretSet') : t('secretNone')}</Tag> },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('on') : t('off')}</Tag>,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            render: (_: unknown, provider: IdentityProvider) => (
              <Flex gap={8}>
                <Button type="link" onClick={() => setEditing(provider)}>
                  {t('edit')}
                </Button>
                <ConfirmAction
                  title={t('deleteConfirm', { name: provider.name })}
                  danger
                  okText={t('delete')}
                  onConfirm={() => remove.mutateAsync(provider.id)}
                >
                  {t('delete')}
                </ConfirmAction>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('title')}
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('add')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {(['autoLink', 'createAccounts'] as const).map((key) => (
          <Flex key={key} gap={8} align="center">
            <Switch
              aria-label={t(key)}
              checked={current?.[key] ?? false}
              disabled={!canEdit || !current}
              loading={options.isPending}
              onChange={(on) => toggle(key, on)}
            />
            <span>{t(key)}</span>
            <Typography.Text type="secondary">{t(`${key}Hint`)}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <Table<IdentityProvider>
        aria-label={t('title')}
        rowKey="id"
        columns={columns}
        dataSource={current?.providers ?? []}
        loading={settings.isLoading}
        pagination={false}
      />
      <ProviderFormModal editing={editing} onCancel={() => setEditing(undefined)} onSubmit={(values) => save.mutateAsync(values)} />
    </Card>
  );
}
