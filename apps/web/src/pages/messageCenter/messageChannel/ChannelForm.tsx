import { ChannelIdParams, ChannelNameParams, SENDING_CHANNEL_TYPES, channelEndpoints, type Channel } from '@portal/contracts';
import { Form, Input, InputNumber, Select } from 'antd';
import { call } from '../../../api/call.ts';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { CHANNELS_KEY, isChannelIdTaken, isChannelNameTaken } from './api.ts';
import { ChannelFields } from './ChannelFields.tsx';
import { NEW_CHANNEL, toChannelInput, toFormValues, type ChannelFormValues } from './channelForm.ts';
import { useChannelT } from './messages.ts';

/** A rule asking the server (HEAD) whether a value is taken, once the value fits its pattern; the record's own value never is. */
const notTaken = (isTaken: (value: string) => Promise<boolean>, own: string | undefined, message: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text || text === own) return;
    if (await isTaken(text)) throw new Error(message);
  },
});

interface ChannelFormProps {
  /** The channel edited, 'new' to create one, null when closed. */
  editing: Channel | 'new' | null;
  onClose: () => void;
  /** A webhook created without a secret: the one the server generated, to show once. */
  onSecret: (shown: { name: string; secret: string }) => void;
}

/** Create or edit a channel: common fields, then the chosen type's settings; the type is fixed once created. */
export function ChannelForm({ editing, onClose, onSecret }: ChannelFormProps) {
  const t = useChannelT();
  const stored = editing === 'new' ? null : editing;
  const save = useInvalidatingMutation(
    async (values: ChannelFormValues) => {
      const input = toChannelInput(values);
      if (stored) return call(channelEndpoints.update, { params: { id: stored.id }, body: input });
      const created = await call(channelEndpoints.create, { body: { ...input, id: values.id?.trim() ?? '' } });
      if (created.type === 'webhook' && created.signingSecret) onSecret({ name: created.name, secret: created.signingSecret });
      return created;
    },
    { invalidate: [CHANNELS_KEY] },
  );
  return (
    <FormModal<ChannelFormValues>
      open={editing !== null}
      title={stored ? t('edit', { name: stored.name }) : t('create')}
      initialValues={stored ? toFormValues(stored) : NEW_CHANNEL}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(values)}
      width={680}
    >
      <Form.Item name="type" label={t('type')} rules={[{ required: true }]}>
        <Select disabled={stored !== null} options={SENDING_CHANNEL_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
      </Form.Item>
      <Form.Item
        name="id"
        label={t('id')}
        extra={t('idHint')}
        validateDebounce={400}
        rules={stored ? [] : [...schemaRules(ChannelIdParams, 'id', true), notTaken(isChannelIdTaken, undefined, t('idTaken'))]}
      >
        <Input disabled={stored !== null} spellCheck={false} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        validateDebounce={400}
        rules={[...schemaRules(ChannelNameParams, 'name', true), notTaken(isChannelNameTaken, stored?.name, t('nameTaken'))]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="maxAttempts" label={t('maxAttempts')} extra={t('maxAttemptsHint')}>
        <InputNumber min={1} max={20} precision={0} />
      </Form.Item>
      <ChannelFields stored={stored} />
    </FormModal>
  );
}
