import { channelEndpoints, classificationEndpoints, type SimpleChannel } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { call } from '../../../api/call.ts';
import { TEMPLATE_KEY } from './api.ts';
import { useTemplateT } from './messages.ts';

/** Every channel (id, name, type, state), for the channel picker and filter. */
export const useChannels = () => useQuery({ queryKey: [...TEMPLATE_KEY, 'channels'], queryFn: () => call(channelEndpoints.simpleList) });

/** Every classification (id, code, name), for the classification picker and filter. */
const useClassifications = () =>
  useQuery({ queryKey: [...TEMPLATE_KEY, 'classifications'], queryFn: () => call(classificationEndpoints.picks) });

/** The type of the channel with this id, once the channels are loaded. */
export const channelTypeOf = (channels: readonly SimpleChannel[] | undefined, id: string | null | undefined) =>
  channels?.find((channel) => channel.id === id)?.type;

interface ChoiceProps {
  /** Form.Item passes id, value and onChange. */
  id?: string;
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** Offered with a clear button (a filter, an optional field). */
  allowClear?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
}

function ChoiceSelect({
  value,
  onChange,
  options,
  loading,
  ...rest
}: ChoiceProps & { options: { value: string; label: string }[]; loading: boolean }) {
  return (
    <Select<string>
      {...rest}
      value={value ?? undefined}
      onChange={(chosen: string | undefined) => onChange?.(chosen ?? null)}
      options={options}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%', ...rest.style }}
    />
  );
}

/** Chooses a channel by name; each shows its type, and a disabled one says so. */
export function ChannelSelect(props: ChoiceProps) {
  const t = useTemplateT();
  const channels = useChannels();
  const options = (channels.data ?? []).map((channel) => ({
    value: channel.id,
    label: `${channel.name} · ${t(`channelTypes.${channel.type}`)}${channel.state === 'disabled' ? ` (${t('channelDisabled')})` : ''}`,
  }));
  return <ChoiceSelect {...props} options={options} loading={channels.isLoading} />;
}

/** Chooses a classification by name. */
export function ClassificationSelect(props: ChoiceProps) {
  const classifications = useClassifications();
  const options = (classifications.data ?? []).map((classification) => ({ value: classification.id, label: classification.name }));
  return <ChoiceSelect {...props} options={options} loading={classifications.isLoading} />;
}
