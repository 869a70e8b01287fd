import { channelEndpoints, type Channel } from '@portal/contracts';
import { Button, Flex, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { useCallMutation } from '../../../components/admin/useCrudMutations.ts';
import { CHANNELS_KEY } from './api.ts';
import { useChannelT } from './messages.ts';

const invalidate = [CHANNELS_KEY];

/** Started or disabled: PATCH starts, DELETE disables (the built-in inbox is always started). */
function StateSwitch({ channel }: { channel: Channel }) {
  const t = useChannelT();
  const canChange = useCan(POINTS.messageChannel.state);
  const start = useCallMutation(channelEndpoints.start, { invalidate });
  const disable = useCallMutation(channelEndpoints.disable, { invalidate });
  return (
    <Switch
      size="small"
      checked={channel.state === 'started'}
      disabled={!canChange || channel.builtIn}
      loading={start.isPending || disable.isPending}
      aria-label={t('start', { name: channel.name })}
      checkedChildren={t('states.started')}
      unCheckedChildren={t('states.disabled')}
      onChange={(on) => (on ? start : disable).mutate({ params: { id: channel.id } })}
    />
  );
}

interface Handlers {
  onEdit: (channel: Channel) => void;
  onTest: (channel: Channel) => void;
  onSecret: (shown: { name: string; secret: string }) => void;
}

/** The list's columns: id, name, type, state switch, attempts, and test, rotate, edit and delete by point. */
export function useChannelColumns({ onEdit, onTest, onSecret }: Handlers): ColumnsType<Channel> {
  const t = useChannelT();
  const { t: tk } = useTranslation();
  const [canUpdate, canDelete, canTest, canRotate] = [
    useCan(POINTS.messageChannel.update),
    useCan(POINTS.messageChannel.delete),
    useCan(POINTS.messageChannel.test),
    useCan(POINTS.messageChannel.secret),
  ];
  const remove = useCallMutation(channelEndpoints.remove, { invalidate, success: tk('adminKit.deleted') });
  const rotate = useCallMutation(channelEndpoints.rotateSecret, { invalidate, success: false });
  return [
    {
      key: 'id',
      title: t('id'),
      dataIndex: 'id',
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, channel) => (
        <Flex gap={4} align="center">
          {name}
          {channel.builtIn && <Tag color="gold">{t('builtIn')}</Tag>}
        </Flex>
      ),
    },
    { key: 'type', title: t('type'), dataIndex: 'type', sorter: true, render: (type: Channel['type']) => <Tag>{t(`types.${type}`)}</Tag> },
    { key: 'state', title: t('state'), width: 120, render: (_, channel) => <StateSwitch channel={channel} /> },
    { key: 'maxAttempts', title: t('maxAttempts'), dataIndex: 'maxAttempts', width: 90 },
    {
      key: 'actions',
      title: t('actions'),
      width: 280,
      render: (_, channel) =>
        channel.builtIn ? null : (
          <Flex wrap gap={4}>
            {canTest && (
              <Button type="link" size="small" onClick={() => onTest(channel)}>
                {t('test')}
              </Button>
            )}
            {canRotate && channel.type === 'webhook' && (
              <ConfirmAction
                title={t('confirmRotate', { name: channel.name })}
                description={t('rotateEffect')}
                onConfirm={async () => {
                  const { signingSecret } = await rotate.mutateAsync({ params: { id: channel.id } });
                  onSecret({ name: channel.name, secret: signingSecret });
                }}
              >
                {t('rotate')}
              </ConfirmAction>
            )}
            {canUpdate && (
              <Button type="link" size="small" onClick={() => onEdit(channel)}>
                {tk('adminKit.edit')}
              </Button>
            )}
            {canDelete && (
              <ConfirmAction
                title={t('confirmDelete', { name: channel.name })}
                description={t('deleteEffect')}
                onConfirm={() => remove.mutateAsync({ params: { id: channel.id } })}
                danger
              >
                {tk('adminKit.delete')}
              </ConfirmAction>
            )}
          </Flex>
        ),
    },
  ];
}
