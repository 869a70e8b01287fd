import { channelEndpoints, type Channel } from '@portal/contracts';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { apiErrorOf } from '../../../components/admin/apiErrors.ts';
import { testAddressKind } from './channelForm.ts';
import { useChannelT } from './messages.ts';

interface TestValues {
  address?: string;
  subject?: string;
  content?: string;
}

type Outcome = { delivered: true } | { delivered: false; message: string };

/** Sends a test message on a channel and says whether the provider took it, or what it answered. */
export function TestDialog({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const t = useChannelT();
  const { t: tk } = useTranslation();
  const [form] = Form.useForm<TestValues>();
  const formId = `channel-test${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const kind = channel ? testAddressKind(channel.type) : null;

  const send = async (values: TestValues) => {
    if (!channel) return;
    setSending(true);
    setOutcome(null);
    try {
      const body = {
        address: values.address?.trim() || undefined,
        subject: values.subject?.trim() || undefined,
        content: values.content || undefined,
      };
      // Silent: the provider's answer is shown in the dialog rather than as a toast.
      await call(channelEndpoints.test, { params: { id: channel.id }, body }, { silent: true });
      setOutcome({ delivered: true });
    } catch (error) {
      setOutcome({ delivered: false, message: apiErrorOf(error)?.message ?? String(error) });
    } finally {
      setSending(false);
    }
  };

  const close = () => {
    setOutcome(null);
    onClose();
  };

  return (
    <Modal
      open={channel !== null}
      title={channel ? t('testTitle', { name: channel.name }) : ''}
      onCancel={close}
      okText={t('testSend')}
      cancelText={tk('adminKit.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: sending }}
      destroyOnHidden
    >
      <Form<TestValues> id={formId} form={form} layout="vertical" preserve={false} onFinish={(values) => void send(values)}>
        {kind ? (
          <Form.Item
            name="address"
            label={t(`testAddress.${kind}`)}
            rules={[{ required: true, whitespace: true }, ...(kind === 'email' ? [{ type: 'email' as const }] : [])]}
          >
            <Input autoFocus spellCheck={false} inputMode={kind === 'phone' ? 'tel' : 'email'} />
          </Form.Item>
        ) : (
          <Typography.Paragraph type="secondary">{t('testWebhook')}</Typography.Paragraph>
        )}
        <Form.Item name="subject" label={t('testSubject')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="content" label={t('testContent')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
      <div aria-live="polite">
        {outcome?.delivered === true && <Alert type="success" showIcon title={t('testDelivered')} />}
        {outcome?.delivered === false && <Alert type="error" showIcon title={t('testFailed')} description={outcome.message} />}
      </div>
    </Modal>
  );
}
