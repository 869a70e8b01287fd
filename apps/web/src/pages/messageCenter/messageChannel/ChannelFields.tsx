import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EmailSettings,
  SMS_CONTENT_TYPES,
  SMS_METHODS,
  SMTP_SECURITY,
  SmsSettings,
  WebhookSettings,
  type Channel,
} from '@portal/contracts';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select } from 'antd';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import type { ChannelFormValues } from './channelForm.ts';
import { useChannelT } from './messages.ts';

const JSON_EXAMPLE = '"text": "{{ content }}"';

/** A write-only secret: empty means "keep what is stored", and the placeholder says whether anything is. */
function SecretInput({ set, ...props }: { set: boolean; 'aria-label'?: string; value?: string; onChange?: () => void }) {
  const t = useChannelT();
  return <Input.Password autoComplete="new-password" placeholder={set ? t('secretSet') : t('secretNotSet')} {...props} />;
}

/** A secret header's value: "set" when the row names a header whose value is stored. */
function SecretHeaderValue({ row, storedNames, ...props }: { row: number; storedNames: readonly string[]; 'aria-label': string }) {
  const name = Form.useWatch<string | undefined>(['sms', 'secretHeaders', row, 'name']);
  return <SecretInput set={storedNames.some((stored) => stored.toLowerCase() === name?.trim().toLowerCase())} {...props} />;
}

/** Header rows (name and value) of the SMS request: plain ones, or secret ones whose stored values are never shown. */
function HeaderList({ name, label, storedNames }: { name: 'headers' | 'secretHeaders'; label: string; storedNames?: readonly string[] }) {
  const t = useChannelT();
  return (
    <Form.List name={['sms', name]}>
      {(fields, { add, remove }) => (
        <Form.Item label={label}>
          <Flex vertical gap={8}>
            {fields.map((field, position) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={[field.name, 'name']}
                  style={{ flex: 1, marginBottom: 0 }}
                  rules={[{ required: true, pattern: /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/ }]}
                >
                  <Input aria-label={`${t('sms.headerName')} ${position + 1}`} placeholder={t('sms.headerName')} spellCheck={false} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} style={{ flex: 2, marginBottom: 0 }}>
                  {storedNames ? (
                    <SecretHeaderValue row={field.name} storedNames={storedNames} aria-label={`${t('sms.headerValue')} ${position + 1}`} />
                  ) : (
                    <Input aria-label={`${t('sms.headerValue')} ${position + 1}`} placeholder={t('sms.headerValue')} />
                  )}
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('sms.removeHeader', { name: position + 1 })}
                  title={t('sms.removeHeader', { name: position + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })} disabled={fields.length >= 10}>
              {t('sms.addHeader')}
            </Button>
          </Flex>
        </Form.Item>
      )}
    </Form.List>
  );
}

/** The settings of the chosen type; `stored` is the channel being edited (which secrets it has). */
export function ChannelFields({ stored }: { stored: Channel | null }) {
  const t = useChannelT();
  const type = Form.useWatch<ChannelFormValues['type'] | undefined>('type');
  if (type === 'email') {
    const passwordSet = stored?.type === 'email' && stored.secrets.password;
    return (
      <>
        <Flex gap={12}>
          <Form.Item name={['email', 'host']} label={t('email.host')} style={{ flex: 3 }} rules={schemaRules(EmailSettings, 'host', true)}>
            <Input spellCheck={false} />
          </Form.Item>
          <Form.Item name={['email', 'port']} label={t('email.port')} style={{ flex: 1 }} rules={[{ required: true }]}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name={['email', 'security']} label={t('email.security')} rules={[{ required: true }]}>
          <Select options={SMTP_SECURITY.map((value) => ({ value, label: t(`email.securities.${value}`) }))} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name={['email', 'username']} label={t('email.username')} style={{ flex: 1 }}>
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name={['email', 'password']} label={t('email.password')} style={{ flex: 1 }}>
            <SecretInput set={Boolean(passwordSet)} />
          </Form.Item>
        </Flex>
        {passwordSet && (
          <Form.Item name={['email', 'clearPassword']} valuePropName="checked">
            <Checkbox>{t('email.clearPassword')}</Checkbox>
          </Form.Item>
        )}
        <Flex gap={12}>
          <Form.Item
            name={['email', 'fromAddress']}
            label={t('email.fromAddress')}
            style={{ flex: 1 }}
            rules={[{ required: true, type: 'email' }]}
          >
            <Input spellCheck={false} />
          </Form.Item>
          <Form.Item name={['email', 'fromName']} label={t('email.fromName')} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Flex>
        <Form.Item name={['email', 'maxConnections']} label={t('email.maxConnections')}>
          <InputNumber min={1} max={50} precision={0} />
        </Form.Item>
      </>
    );
  }
  if (type === 'sms') {
    return (
      <>
        <Form.Item name={['sms', 'url']} label={t('sms.url')} rules={schemaRules(SmsSettings, 'url', true)}>
          <Input spellCheck={false} placeholder="https://" />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name={['sms', 'method']} label={t('sms.method')} style={{ flex: 1 }}>
            <Select options={SMS_METHODS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name={['sms', 'contentType']} label={t('sms.contentType')} style={{ flex: 2 }}>
            <Select options={SMS_CONTENT_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Flex>
        <Form.Item
          name={['sms', 'bodyTemplate']}
          label={t('sms.bodyTemplate')}
          extra={t('sms.bodyTemplateHint', { example: JSON_EXAMPLE, interpolation: { escapeValue: false } })}
          rules={schemaRules(SmsSettings, 'bodyTemplate', true)}
        >
          <Input.TextArea rows={4} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <HeaderList name="headers" label={t('sms.headers')} />
        <HeaderList
          name="secretHeaders"
          label={t('sms.secretHeaders')}
          storedNames={stored?.type === 'sms' ? stored.secrets.headers : []}
        />
      </>
    );
  }
  if (type === 'webhook') {
    const secretSet = stored?.type === 'webhook' && stored.secrets.signingSecret;
    return (
      <>
        <Form.Item name={['webhook', 'url']} label={t('webhook.url')} rules={schemaRules(WebhookSettings, 'url', true)}>
          <Input spellCheck={false} placeholder="https://" />
        </Form.Item>
        <Form.Item name={['webhook', 'replayWindowSeconds']} label={t('webhook.replayWindowSeconds')} extra={t('webhook.replayWindowHint')}>
          <InputNumber min={30} max={86400} precision={0} />
        </Form.Item>
        <Form.Item
          name={['webhook', 'signingSecret']}
          label={t('webhook.signingSecret')}
          extra={stored ? undefined : t('webhook.signingSecretHint')}
        >
          <SecretInput set={Boolean(secretSet)} />
        </Form.Item>
      </>
    );
  }
  return null;
}
