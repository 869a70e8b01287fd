import { RECEIVER_STATES, type ReceiverState } from '@portal/contracts';
import { Select } from 'antd';
import { useMessageRecordT } from './messages.ts';

export interface ChannelStateFilter {
  channelId?: string | undefined;
  state?: ReceiverState | undefined;
}

/** The channel and state pickers of the records' lists (messages, receivers); clearing one shows all. */
export function ChannelStateFilters({
  channels,
  onChange,
}: {
  channels: { channelId: string; channelName: string }[];
  onChange: (change: ChannelStateFilter) => void;
}) {
  const t = useMessageRecordT();
  return (
    <>
      <Select
        aria-label={t('channel')}
        allowClear
        placeholder={t('anyChannel')}
        style={{ width: 170 }}
        options={channels.map((channel) => ({ value: channel.channelId, label: channel.channelName }))}
        onChange={(channelId?: string) => onChange({ channelId })}
      />
      <Select
        aria-label={t('state')}
        allowClear
        placeholder={t('anyState')}
        style={{ width: 150 }}
        options={RECEIVER_STATES.map((state) => ({ value: state, label: t(`state_${state}`) }))}
        onChange={(state?: ReceiverState) => onChange({ state })}
      />
    </>
  );
}
