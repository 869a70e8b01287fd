import { CHANNEL_STATES, CHANNEL_TYPES, channelEndpoints, type Channel, type ChannelState, type ChannelType } from '@portal/contracts';
import { Card, Select } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../access/points.ts';
import { call } from '../../../api/call.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { CHANNELS_KEY } from './api.ts';
import { ChannelForm } from './ChannelForm.tsx';
import { useChannelT } from './messages.ts';
import { SecretDialog } from './SecretDialog.tsx';
import { TestDialog } from './TestDialog.tsx';
import { useChannelColumns } from './useChannelColumns.tsx';
import '../../../components/admin/messages.ts';

/** messageCenter/messageChannel: the channels messages leave by (the inbox, email, SMS, webhooks): settings, state, tests. */
export function Component({ node }: ConsolePageProps) {
  const t = useChannelT();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const [tested, setTested] = useState<Channel | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [type, setType] = useState<ChannelType>();
  const [state, setState] = useState<ChannelState>();
  const columns = useChannelColumns({ onEdit: setEditing, onTest: setTested, onSecret: setSecret });
  return (
    <AdminPage
      title={node.title}
      extra={
        <CreateButton point={POINTS.messageChannel.create} onClick={() => setEditing('new')}>
          {t('create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<Channel>
          label={node.title}
          queryKey={CHANNELS_KEY}
          fetchPage={(query) => call(channelEndpoints.list, { query })}
          filters={{ type, state }}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          toolbar={
            <>
              <Select<ChannelType>
                allowClear
                placeholder={t('allTypes')}
                aria-label={t('type')}
                options={CHANNEL_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
                value={type}
                onChange={setType}
                style={{ width: 140 }}
              />
              <Select<ChannelState>
                allowClear
                placeholder={t('allStates')}
                aria-label={t('state')}
                options={CHANNEL_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
                value={state}
                onChange={setState}
                style={{ width: 140 }}
              />
            </>
          }
        />
      </Card>
      <ChannelForm editing={editing} onClose={() => setEditing(null)} onSecret={setSecret} />
      <TestDialog channel={tested} onClose={() => setTested(null)} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </AdminPage>
  );
}
