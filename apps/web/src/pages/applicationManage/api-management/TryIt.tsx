import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { callForResponse } from '../../../api/call.ts';
import { SchemaText } from './ApiSchemas.tsx';
import { useApiT } from './messages.ts';
import { takesBody, tryItRequest, type PlatformApiDetail, type TryItValues } from './tryIt.ts';

interface Exchange {
  line: string;
  body: unknown;
  status?: number;
  answer?: unknown;
  failure?: string;
}

/**
 * Calls the API through the app's own client, so the caller's token (and its refresh) goes with
 * it: the answer is what the server gives this user. Every status is shown, none is toasted.
 */
export function TryIt({ api }: { api: PlatformApiDetail }) {
  const t = useApiT();
  const [form] = Form.useForm<TryItValues>();
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send(values: TryItValues) {
    let request;
    try {
      request = tryItRequest(api, { parameters: values.parameters ?? {}, body: values.body ?? '' });
      setBodyError(null);
    } catch (error) {
      setBodyError(t('badJson', { message: (error as Error).message }));
      return;
    }
    setSending(true);
    const shown: Exchange = { line: request.line, body: request.body };
    try {
      const response = await callForResponse(
        request.endpoint,
        { params: request.params, query: request.query, body: request.body } as never,
        { silent: true, validateStatus: () => true },
      );
      setExchange({ ...shown, status: response.status, answer: response.data });
    } catch (error) {
      setExchange({ ...shown, failure: (error as Error).message });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card title={t('tryIt')} extra={<Typography.Text type="secondary">{t('tryItHelp')}</Typography.Text>}>
      <Form form={form} layout="vertical" onFinish={send} initialValues={{ body: takesBody(api) ? '{}' : '' }}>
        {api.parameters.map((parameter) => (
          <Form.Item
            key={`${parameter.in}:${parameter.name}`}
            name={['parameters', `${parameter.in}:${parameter.name}`]}
            label={`${parameter.name} (${parameter.in})`}
            rules={parameter.required ? [{ required: true }] : []}
          >
            <Input />
          </Form.Item>
        ))}
        {takesBody(api) && (
          <Form.Item name="body" label={t('bodyJson')} validateStatus={bodyError ? 'error' : ''} help={bodyError ?? undefined}>
            <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={sending} aria-busy={sending}>
          {t('send')}
        </Button>
      </Form>
      {exchange && (
        <Flex vertical gap={8} style={{ marginTop: 16 }} data-testid="try-it-exchange">
          <Typography.Title level={5}>{t('request')}</Typography.Title>
          <code data-testid="try-it-request">{exchange.line}</code>
          {exchange.body !== undefined && <SchemaText schema={exchange.body} />}
          <Typography.Title level={5}>{t('response')}</Typography.Title>
          {exchange.failure ? (
            <Alert type="error" message={t('noResponse', { message: exchange.failure })} />
          ) : (
            <>
              <Typography.Text strong data-testid="try-it-status">
                {exchange.status}
              </Typography.Text>
              <div data-testid="try-it-response">
                <SchemaText schema={exchange.answer} />
              </div>
            </>
          )}
        </Flex>
      )}
    </Card>
  );
}
