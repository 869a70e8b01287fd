import type { Conversion, StoredProcessor } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Form, Input, List, Modal, Progress, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { processorApi, processorKeys } from './api.ts';
import { useProcessingT } from './messages.ts';

/** How often a running conversion's progress is asked for. */
const POLL_MS = 1000;

/** Starts a conversion: every object under a folder through a processor, written under another folder. */
export function ConversionModal(props: {
  bucketId: string;
  processors: readonly StoredProcessor[];
  onStarted: (conversion: Conversion) => void;
  onClose: () => void;
}) {
  const t = useProcessingT();
  const [form] = Form.useForm<{ processor: string; sourcePrefix?: string; targetPrefix?: string }>();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const conversion = await processorApi.startConversion(props.bucketId, {
        processor: values.processor,
        sourcePrefix: values.sourcePrefix ?? '',
        targetPrefix: values.targetPrefix ?? '',
      });
      props.onStarted(conversion);
      props.onClose();
    } catch {
      // The HTTP client has shown the refusal; the dialog stays open to correct it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('conversionTitle')}
      okText={t('start')}
      onOk={() => void start()}
      onCancel={props.onClose}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="processor" label={t('processor')} rules={[{ required: true }]}>
          <Select options={props.processors.map((processor) => ({ value: processor.name, label: processor.name }))} />
        </Form.Item>
        <Form.Item name="sourcePrefix" label={t('sourcePrefix')} extra={t('prefixHint')}>
          <Input />
        </Form.Item>
        <Form.Item name="targetPrefix" label={t('targetPrefix')} extra={t('prefixHint')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A conversion's progress, asked for until it finishes: done, failed (with why) and in all. */
export function ConversionProgress({ bucketId, started }: { bucketId: string; started: Conversion }) {
  const t = useProcessingT();
  const progress = useQuery({
    queryKey: processorKeys.conversion(bucketId, started.id),
    queryFn: () => processorApi.conversion(bucketId, started.id),
    initialData: started,
    refetchInterval: (query) => (query.state.data?.state === 'finished' ? false : POLL_MS),
  });
  const conversion = progress.data;
  const settled = conversion.done + conversion.failed;
  const finished = conversion.state === 'finished';
  return (
    <Card
      size="small"
      title={`${conversion.processor}: ${conversion.sourcePrefix || '/'} → ${conversion.targetPrefix || '/'}`}
      extra={<Tag color={finished ? 'green' : 'blue'}>{t(finished ? 'conversionFinished' : 'conversionRunning')}</Tag>}
    >
      <Typography.Text>
        {t('conversionProgress', { done: conversion.done, total: conversion.total, failed: conversion.failed })}
      </Typography.Text>
      <Progress
        percent={conversion.total ? Math.floor((settled / conversion.total) * 100) : finished ? 100 : 0}
        status={conversion.failed ? 'exception' : finished ? 'success' : 'active'}
      />
      {conversion.failures.length > 0 && (
        <Alert
          type="warning"
          title={t('failures')}
          description={
            <List
              size="small"
              dataSource={conversion.failures}
              renderItem={(failure) => (
                <List.Item>
                  <Typography.Text code>{failure.key}</Typography.Text> {failure.message}
                </List.Item>
              )}
            />
          }
        />
      )}
    </Card>
  );
}
