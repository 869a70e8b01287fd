import type { Application } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { menuJsonUrl } from '../../../micro/microMenu.ts';
import { type DomApi, domTreeKey } from './api.ts';
import { ImportFileError, syncMenuOfJson } from './domValues.ts';
import { useResourcesT } from './messages.ts';
import { SyncReportView } from './SyncReportView.tsx';

/** How often a queued task is asked about. */
const POLL_MS = 1000;

type Source = 'menuJson' | 'paste';

interface SyncModalProps {
  application: Pick<Application, 'id' | 'name' | 'type' | 'appUrl'>;
  api: DomApi;
  open: boolean;
  onClose: () => void;
}

/**
 * Synchronises the application's tree with the one it publishes: its menu.json (read by the server
 * from the appUrl) or a tree pasted here. The task runs in the background; it is polled until it is
 * done, then its report (or its failure) is shown and the tree reloaded.
 */
export function SyncModal({ application, api, open, onClose }: SyncModalProps) {
  const t = useResourcesT();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ source: Source; tree?: string }>();
  const [taskId, setTaskId] = useState<string | null>(null);
  const source = Form.useWatch('source', form);
  const start = useMutation({ mutationFn: (menu?: object[]) => api.synchronize(menu), onSuccess: ({ taskId: id }) => setTaskId(id) });
  const task = useQuery({
    queryKey: [...domTreeKey(application.id), 'sync', taskId],
    queryFn: () => api.task(taskId ?? ''),
    enabled: taskId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? POLL_MS : false),
  });
  const status = task.data?.status;
  useEffect(() => {
    if (status === 'done') void queryClient.invalidateQueries({ queryKey: domTreeKey(application.id), exact: true });
  }, [status, queryClient, application.id]);

  const close = () => {
    setTaskId(null);
    start.reset();
    onClose();
  };
  const submit = ({ source: from, tree }: { source: Source; tree?: string }) =>
    start.mutate(from === 'paste' ? syncMenuOfJson(tree ?? '') : undefined);
  const pasteRule = {
    validator: async (_: unknown, text: string | undefined) => {
      try {
        syncMenuOfJson(text ?? '');
      } catch (error) {
        if (error instanceof ImportFileError) throw new Error(t('syncPasteInvalid'));
        throw error;
      }
    },
  };
  const step = !taskId ? 0 : status === 'queued' || !status ? 1 : 2;
  return (
    <Modal
      open={open}
      title={t('syncTitle', { name: application.name })}
      width={720}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={close}>
          {t('close')}
        </Button>,
        !taskId && (
          <Button key="start" type="primary" loading={start.isPending} onClick={() => form.submit()}>
            {t('syncStart')}
          </Button>
        ),
      ]}
    >
      <Flex vertical gap={16}>
        <Steps
          size="small"
          current={step}
          status={status === 'failed' ? 'error' : step === 2 ? 'finish' : 'process'}
          items={[{ title: t('syncSteps.requested') }, { title: t('syncSteps.running') }, { title: t('syncSteps.report') }]}
        />
        {!taskId && (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ source: application.type === 'MicroWeb' && application.appUrl ? 'menuJson' : 'paste' }}
            onFinish={submit}
          >
            <Alert type="warning" showIcon title={t('syncWarning')} style={{ marginBottom: 16 }} />
            <Form.Item
              name="source"
              label={t('syncSource')}
              extra={source === 'menuJson' && t('syncMenuJsonAt', { url: menuJsonUrl(application.appUrl ?? '', window.location.origin) })}
            >
              <Radio.Group
                options={[
                  { value: 'menuJson', label: t('syncFromMenuJson'), disabled: !application.appUrl },
                  { value: 'paste', label: t('syncFromPaste') },
                ]}
              />
            </Form.Item>
            {source === 'paste' && (
              <Form.Item name="tree" label={t('syncPaste')} extra={t('syncPasteHelp')} rules={[pasteRule]}>
                <Input.TextArea rows={8} spellCheck={false} autoFocus />
              </Form.Item>
            )}
          </Form>
        )}
        {status === 'queued' && <Alert type="info" showIcon title={t('syncQueued')} role="status" />}
        {(status === 'failed' || task.isError) && (
          <Alert type="error" showIcon title={t('syncFailed')} description={task.data?.error ?? task.error?.message} role="alert" />
        )}
        {status === 'done' && task.data?.report && (
          <>
            <Alert type="success" showIcon title={t('syncDone', task.data.report.counts)} role="status" />
            <SyncReportView report={task.data.report} />
          </>
        )}
      </Flex>
    </Modal>
  );
}
