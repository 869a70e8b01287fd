import { preferenceEndpoints, type ClassificationPreference, type MutableChannelType, type Preferences } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { call } from '../../../../api/call.ts';
import { endpointQuery } from '../../../../api/endpointQuery.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { useNotificationsT } from './messages.ts';
import { mutedPairs, sameMutes, withReceiving } from './preferences.ts';

const PREFERENCES_KEY = ['messageEngine', 'preferences'] as const;

/**
 * The caller's notification settings: every classification with a switch per channel type. In-app
 * always arrives (shown on, disabled); email and SMS can be turned off. Changes are a draft until saved.
 */
export function NotificationsCard() {
  const t = useNotificationsT();
  const saved = useQuery(endpointQuery(PREFERENCES_KEY, preferenceEndpoints.get));
  const [draft, setDraft] = useState<Preferences | null>(null);
  const save = useInvalidatingMutation((rows: Preferences) => call(preferenceEndpoints.set, { body: { muted: mutedPairs(rows) } }), {
    invalidate: [PREFERENCES_KEY],
    success: t('saved'),
  });
  const rows = draft ?? saved.data ?? [];
  const dirty = draft !== null && saved.data !== undefined && !sameMutes(draft, saved.data);

  const channelSwitch = (channelType: MutableChannelType, channel: string) => (_: unknown, row: ClassificationPreference) => (
    <Switch
      size="small"
      checked={!row.muted[channelType]}
      aria-label={t('receive', { name: row.name, channel })}
      disabled={save.isPending}
      onChange={(receive) => setDraft(withReceiving(rows, row.classificationId, channelType, receive))}
    />
  );
  const columns: ColumnsType<ClassificationPreference> = [
    {
      key: 'classification',
      title: t('classification'),
      render: (_, row) => (
        <Flex vertical>
          <span>{row.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.code}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'inApp',
      title: t('inApp'),
      width: 100,
      render: (_, row) => <Switch size="small" checked disabled aria-label={t('inAppAlways', { name: row.name })} />,
    },
    { key: 'email', title: t('email'), width: 100, render: channelSwitch('email', t('email')) },
    { key: 'sms', title: t('sms'), width: 100, render: channelSwitch('sms', t('sms')) },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Flex gap={8}>
          <Button onClick={() => setDraft(null)} disabled={!dirty || save.isPending}>
            {t('reset')}
          </Button>
          <Button
            type="primary"
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              void save.mutateAsync(rows).then(
                () => setDraft(null),
                () => undefined,
              )
            }
          >
            {t('save')}
          </Button>
        </Flex>
      }
    >
      {saved.isError ? (
        <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void saved.refetch()}>{t('retry')}</Button>} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('help')}</Typography.Text>
          <Table<ClassificationPreference>
            size="small"
            aria-label={t('title')}
            rowKey="classificationId"
            loading={saved.isLoading}
            dataSource={rows}
            columns={columns}
            pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            locale={{ emptyText: t('empty') }}
          />
        </Flex>
      )}
    </Card>
  );
}
