import {
  channelEndpoints,
  classificationEndpoints,
  notifyEndpoints,
  templateEndpoints,
  type MessageTemplate,
  type NotifyBody,
  type NotifyResult,
  type Recipients,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Form, Input, Row, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { call } from '../../../api/call.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { hasRecipients, RecipientFields, toRecipients } from '../../../components/admin/RecipientFields.tsx';
import { useFeedback } from '../../../components/admin/useFeedback.ts';
import { TemplatePreview } from '../messageTemplate/TemplatePreview.tsx';
import { parseSample, sampleText } from '../messageTemplate/templateValues.ts';
import { useSendT } from './messages.ts';
import { SendProgress } from './SendProgress.tsx';
import '../../../components/admin/messages.ts';

type Mode = 'templates' | 'write';

interface SendValues {
  templateIds?: string[];
  values?: Record<string, string>;
  channelIds?: string[];
  title?: string;
  content?: string;
  classificationId?: string;
  to?: Recipients;
}

const KEY = ['message-engine', 'send-choices'] as const;
const RECORDS = { resource: 'messageCenter:messageRecord' };

/** The declared variables of the chosen templates, each once (the first template's sample first). */
function variablesOf(templates: readonly MessageTemplate[]) {
  const seen = new Map<string, unknown>();
  for (const template of templates)
    for (const variable of template.variables) if (!seen.has(variable.name)) seen.set(variable.name, variable.sample);
  return [...seen].map(([name, sample]) => ({ name, sample }));
}

/** The variables as typed: JSON, or plain words as text; none that fails to parse. */
function parsedValues(texts: Record<string, string> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(texts ?? {}).flatMap(([name, text]) => {
      const parsed = parseSample(text);
      return parsed.ok && parsed.value !== undefined ? [[name, parsed.value]] : [];
    }),
  );
}

/** The call's body from the form: templates with variables, or written content on channels. */
function notifyBody(mode: Mode, values: SendValues, idempotencyKey: string): NotifyBody {
  const to = values.to && hasRecipients(values.to) ? { to: toRecipients(values.to) } : {};
  const classification = values.classificationId ? { classificationId: values.classificationId } : {};
  if (mode === 'templates')
    return { templateIds: values.templateIds ?? [], variables: parsedValues(values.values), ...to, ...classification, idempotencyKey };
  return {
    title: values.title ?? '',
    content: values.content ?? '',
    channelIds: values.channelIds ?? [],
    ...to,
    ...classification,
    idempotencyKey,
  };
}

/** messageCenter:sendMessage: templates (with their variables) or written content, to people chosen from the directory; then the delivery's progress. */
export function Component({ node }: ConsolePageProps) {
  const t = useSendT();
  const { modal } = useFeedback();
  const canReadRecords = useCan(POINTS.messageRecord.query);
  const [form] = Form.useForm<SendValues>();
  const [mode, setMode] = useState<Mode>('templates');
  // One key per message being written: a double submit, or a retry after a lost answer, sends once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<NotifyResult>();
  const templates = useQuery({
    queryKey: [...KEY, 'templates'],
    queryFn: () => call(templateEndpoints.list, { query: { page: 1, size: 100 } }),
  });
  const channels = useQuery({ queryKey: [...KEY, 'channels'], queryFn: () => call(channelEndpoints.simpleList) });
  const classifications = useQuery({ queryKey: [...KEY, 'classifications'], queryFn: () => call(classificationEndpoints.picks) });
  const chosenIds = Form.useWatch('templateIds', form) ?? [];
  const typed = Form.useWatch('values', form);
  const chosen = (templates.data?.list ?? []).filter((template) => chosenIds.includes(template.id));
  const variables = variablesOf(chosen);

  function another() {
    form.resetFields();
    setSent(undefined);
    setIdempotencyKey(crypto.randomUUID());
  }

  async function submit(values: SendValues) {
    const body = notifyBody(mode, values, idempotencyKey);
    const confirmed = await modal.confirm({ title: t('confirmSend'), okText: t('send') });
    if (!confirmed) return;
    setSending(true);
    try {
      setSent(await call(notifyEndpoints.send, { body }));
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <AdminPage title={node.title || t('title')}>
        <SendProgress sent={sent} recordPath={canReadRecords ? detailPath(RECORDS, sent.id) : undefined} onAnother={another} />
      </AdminPage>
    );
  }

  const channelTwice = chosen.find((template, index) => chosen.findIndex((other) => other.channelId === template.channelId) !== index);
  return (
    <AdminPage title={node.title || t('title')}>
      <Form<SendValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ channelIds: ['inApp'] }}>
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card size="small">
              <Form.Item label={t('mode')}>
                <Segmented<Mode>
                  value={mode}
                  onChange={setMode}
                  options={[
                    { value: 'templates', label: t('modeTemplates') },
                    { value: 'write', label: t('modeWrite') },
                  ]}
                />
              </Form.Item>
              {mode === 'templates' ? (
                <>
                  <Form.Item
                    name="templateIds"
                    label={t('templates')}
                    extra={t('templatesHint')}
                    rules={[{ required: true, type: 'array', min: 1, message: t('templatesRequired') }]}
                    {...(channelTwice
                      ? { validateStatus: 'error' as const, help: t('oneTemplatePerChannel', { channel: channelTwice.channelName }) }
                      : {})}
                  >
                    <Select
                      mode="multiple"
                      loading={templates.isLoading}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={(templates.data?.list ?? []).map((template) => ({
                        value: template.id,
                        label: `${template.name} · ${template.channelName}`,
                      }))}
                    />
                  </Form.Item>
                  <Typography.Title level={5}>{t('variables')}</Typography.Title>
                  {variables.length === 0 ? (
                    <Typography.Paragraph type="secondary">{t('noVariables')}</Typography.Paragraph>
                  ) : (
                    variables.map((variable) => (
                      <Form.Item
                        key={variable.name}
                        name={['values', variable.name]}
                        label={variable.name}
                        initialValue={sampleText(variable.sample)}
                        extra={t('variablesHint')}
                        rules={[
                          {
                            validator: async (_, text?: string) =>
                              parseSample(text).ok ? undefined : Promise.reject(new Error(t('variableInvalid'))),
                          },
                        ]}
                      >
                        <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
                      </Form.Item>
                    ))
                  )}
                </>
              ) : (
                <>
                  <Form.Item
                    name="channelIds"
                    label={t('channels')}
                    rules={[{ required: true, type: 'array', min: 1, message: t('channelsRequired') }]}
                  >
                    <Select
                      mode="multiple"
                      loading={channels.isLoading}
                      options={(channels.data ?? [])
                        .filter((channel) => channel.state === 'started')
                        .map((channel) => ({ value: channel.id, label: channel.name }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name="title"
                    label={t('messageTitle')}
                    rules={[{ required: true, whitespace: true, max: 200, message: t('titleRequired') }]}
                  >
                    <Input maxLength={200} />
                  </Form.Item>
                  <Form.Item name="content" label={t('content')}>
                    <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={20_000} showCount />
                  </Form.Item>
                </>
              )}
              <Form.Item name="classificationId" label={t('classification')} extra={t('classificationHint')}>
                <Select
                  allowClear
                  loading={classifications.isLoading}
                  options={(classifications.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
                />
              </Form.Item>
            </Card>
            <Card size="small" title={t('receivers')} style={{ marginTop: 16 }}>
              <Typography.Paragraph type="secondary">
                {mode === 'templates' ? t('receiversHint') : t('receiversRequired')}
              </Typography.Paragraph>
              <RecipientFields
                name={['to']}
                labels={{ users: t('users'), groups: t('groups'), roles: t('roles'), organizations: t('organizations') }}
              />
            </Card>
            <Flex justify="end" style={{ marginTop: 16 }}>
              <Button type="primary" htmlType="submit" loading={sending} disabled={channelTwice !== undefined}>
                {t('send')}
              </Button>
            </Flex>
          </Col>
          <Col xs={24} xl={10}>
            <Typography.Title level={5}>{t('preview')}</Typography.Title>
            {mode === 'templates' && chosen.length === 0 && <Empty description={t('previewEmpty')} />}
            {mode === 'templates' &&
              chosen.map((template) => (
                <Flex key={template.id} vertical gap={4} style={{ marginBottom: 16 }}>
                  <Typography.Text strong>{template.channelName}</Typography.Text>
                  <TemplatePreview
                    input={{
                      subject: template.subject,
                      body: template.body,
                      format: template.format,
                      variables: template.variables,
                      values: parsedValues(typed),
                    }}
                  />
                </Flex>
              ))}
          </Col>
        </Row>
      </Form>
    </AdminPage>
  );
}
