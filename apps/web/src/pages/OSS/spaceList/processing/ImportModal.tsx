import { UploadOutlined } from '@ant-design/icons';
import { IMPORT_CONFLICT_POLICIES, type ImportConflictPolicy } from '@portal/contracts';
import { Alert, Button, Form, List, Modal, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { processorApi, processorKeys } from './api.ts';
import { useProcessingT } from './messages.ts';
import { importErrorsOf } from './steps.ts';

/** Imports processors from a text file (as the export writes it): all or none, each refused line listed. */
export function ImportModal({ bucketId, onClose }: { bucketId: string; onClose: () => void }) {
  const t = useProcessingT();
  const [file, setFile] = useState<File | null>(null);
  const [onConflict, setOnConflict] = useState<ImportConflictPolicy>('fail');
  const [refusal, setRefusal] = useState<unknown>(null);
  const run = useInvalidatingMutation(async () => processorApi.importText(bucketId, await (file as File).text(), onConflict), {
    invalidate: [processorKeys.list(bucketId)],
    success: false,
  });
  const [done, setDone] = useState<string | null>(null);
  const submit = async () => {
    setRefusal(null);
    try {
      const result = await run.mutateAsync(undefined);
      setDone(t('importDone', { created: result.created.length, replaced: result.replaced.length, skipped: result.skipped.length }));
    } catch (error) {
      setRefusal(error);
    }
  };
  const body = apiErrorOf(refusal);
  const lines = importErrorsOf(body?.details);
  return (
    <Modal
      open
      title={t('importTitle')}
      okText={t('importOk')}
      onCancel={onClose}
      onOk={() => (done ? onClose() : void submit())}
      okButtonProps={{ disabled: !file, loading: run.isPending }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('importFile')}>
          <Upload
            accept=".txt,text/plain"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setDone(null);
              setRefusal(null);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item label={t('onConflict')}>
          <Radio.Group
            value={onConflict}
            onChange={(event) => setOnConflict(event.target.value as ImportConflictPolicy)}
            options={IMPORT_CONFLICT_POLICIES.map((policy) => ({ value: policy, label: t(`conflicts.${policy}`) }))}
          />
        </Form.Item>
      </Form>
      {done && <Alert type="success" showIcon title={done} />}
      {refusal !== null && (
        <Alert
          type="error"
          showIcon
          title={lines.length ? t('importRefused') : (body?.message ?? t('importRefused'))}
          description={
            lines.length > 0 && (
              <List
                size="small"
                aria-label={t('importRefused')}
                dataSource={lines}
                renderItem={(line) => (
                  <List.Item>
                    <Typography.Text strong>{t('lineError', { line: line.line })}</Typography.Text>
                    {line.processor ? ` (${line.processor})` : ''}: {line.message}
                  </List.Item>
                )}
              />
            )
          }
        />
      )}
    </Modal>
  );
}
