import { DownloadOutlined, PlusOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import type { BucketDetails, Conversion, StoredProcessor } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { saveBlob } from '../../../../components/admin/download.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { processorApi, processorKeys } from './api.ts';
import { ConversionModal, ConversionProgress } from './Conversion.tsx';
import { ImportModal } from './ImportModal.tsx';
import { useProcessingT } from './messages.ts';
import { ProcessorEditor } from './ProcessorEditor.tsx';

type Dialog = { kind: 'edit'; processor: StoredProcessor | null } | { kind: 'import' } | { kind: 'convert' } | null;

/**
 * The image processing tab: the space's processors (read level), changed by an admin with a live
 * preview, exported and imported as text, and run over a folder as a conversion (write level).
 */
export function ProcessingTab({ space }: { space: BucketDetails }) {
  const t = useProcessingT();
  const { t: kit } = useTranslation();
  const admin = space.level === 'admin';
  const writer = admin || space.level === 'write';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [conversions, setConversions] = useState<Conversion[]>([]);
  const processors = useQuery({ queryKey: processorKeys.list(space.id), queryFn: () => processorApi.list(space.id) });
  const remove = useInvalidatingMutation((id: string) => processorApi.remove(space.id, id), { invalidate: [processorKeys.list(space.id)] });
  const exportText = async () =>
    saveBlob(new Blob([await processorApi.exportText(space.id)], { type: 'text/plain' }), `${space.name}-processors.txt`);
  const list = processors.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        {admin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'edit', processor: null })}>
            {t('create')}
          </Button>
        )}
        <Button icon={<DownloadOutlined />} disabled={list.length === 0} onClick={() => void exportText().catch(() => undefined)}>
          {t('exportText')}
        </Button>
        {admin && (
          <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import' })}>
            {t('importText')}
          </Button>
        )}
        {writer && (
          <Button icon={<SwapOutlined />} disabled={list.length === 0} onClick={() => setDialog({ kind: 'convert' })}>
            {t('convert')}
          </Button>
        )}
      </Flex>
      {conversions.map((conversion) => (
        <ConversionProgress key={conversion.id} bucketId={space.id} started={conversion} />
      ))}
      <Table<StoredProcessor>
        aria-label={t('processors')}
        rowKey="id"
        size="small"
        loading={processors.isFetching}
        dataSource={list}
        pagination={list.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(admin ? 'emptyAdmin' : 'empty')} /> }}
        columns={[
          { key: 'name', title: t('name'), dataIndex: 'name' },
          {
            key: 'steps',
            title: t('steps'),
            render: (_: unknown, processor) => (
              <Flex wrap gap={4}>
                {processor.steps.map((step, index) => (
                  <Tag key={index}>{t(`ops.${step.op}`)}</Tag>
                ))}
              </Flex>
            ),
          },
          { key: 'updatedAt', title: t('updated'), dataIndex: 'updatedAt', render: (value: string) => new Date(value).toLocaleString() },
          {
            key: 'actions',
            title: kit('adminKit.actions'),
            render: (_: unknown, processor) => (
              <Flex gap={4}>
                <Button
                  type="link"
                  size="small"
                  aria-label={t(admin ? 'editNamed' : 'viewNamed', { name: processor.name })}
                  onClick={() => setDialog({ kind: 'edit', processor })}
                >
                  {admin ? t('edit') : t('livePreview')}
                </Button>
                {admin && (
                  <ConfirmAction
                    danger
                    title={t('confirmDelete', { name: processor.name })}
                    onConfirm={() => remove.mutateAsync(processor.id)}
                    buttonProps={{ 'aria-label': t('deleteNamed', { name: processor.name }) }}
                  >
                    {kit('adminKit.delete')}
                  </ConfirmAction>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {dialog?.kind === 'edit' && (
        <ProcessorEditor bucketId={space.id} processor={dialog.processor} readOnly={!admin} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && <ImportModal bucketId={space.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'convert' && (
        <ConversionModal
          bucketId={space.id}
          processors={list}
          onStarted={(conversion) => setConversions((current) => [conversion, ...current])}
          onClose={() => setDialog(null)}
        />
      )}
    </Flex>
  );
}
