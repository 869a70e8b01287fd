import { FileOutlined, FolderOutlined } from '@ant-design/icons';
import { objectEndpoints, type BucketDetails, type StoredObject } from '@portal/contracts';
import { Button, Empty, Flex, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { downloadFile } from '../../../../components/admin/download.ts';
import { formatTime } from '../../../../components/admin/format.ts';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { publicLinkOf, spaceApi, spaceKeys } from '../api.ts';
import type { KeyAction } from './KeyDialog.tsx';
import { useFileT } from './messages.ts';
import { baseName, formatBytes } from './objectKeys.ts';
import { canPreview } from './preview.ts';
import type { Entry } from './useListing.ts';

interface FileTableProps {
  space: BucketDetails;
  entries: Entry[];
  loading: boolean;
  canWrite: boolean;
  onOpenFolder: (prefix: string) => void;
  onPreview: (object: StoredObject) => void;
  onKeyAction: (action: KeyAction) => void;
}

/** The changes that give an entry a new key, each through the key dialog. */
const MOVES = ['rename', 'move'] as const;

/** The row actions: what a reader may do (preview, download, copy a public link) and, with the write level, rename, move and delete. */
function EntryActions({
  space,
  entry,
  canWrite,
  onPreview,
  onKeyAction,
}: Omit<FileTableProps, 'entries' | 'loading' | 'onOpenFolder'> & { entry: Entry }) {
  const t = useFileT();
  const { t: kit } = useTranslation();
  const { message } = useFeedback();
  const name = baseName(entry.key);
  const remove = useInvalidatingMutation(() => spaceApi.removeObject(space.id, entry.key), {
    invalidate: [spaceKeys.one(space.id)],
    success: kit('adminKit.deleted'),
  });
  const copyLink = () =>
    navigator.clipboard.writeText(publicLinkOf(space.id, entry.key, window.location.origin)).then(
      () => void message.success(t('linkCopied')),
      () => void message.error(t('copyFailed')),
    );
  const file = entry.kind === 'file' ? entry.object : null;
  return (
    <Flex wrap gap={4}>
      {file && canPreview(file) && (
        <Button type="link" size="small" aria-label={t('previewNamed', { name })} onClick={() => onPreview(file)}>
          {t('preview')}
        </Button>
      )}
      {file && (
        <Button
          type="link"
          size="small"
          aria-label={t('downloadNamed', { name })}
          onClick={() =>
            void downloadFile(
              objectEndpoints.get,
              { params: { bucketId: space.id }, query: { key: file.key } },
              { fallbackName: name },
            ).catch(() => undefined)
          }
        >
          {t('download')}
        </Button>
      )}
      {file && (
        <Tooltip title={space.policy === 'public-read' ? undefined : t('linkNeedsPublic')}>
          <Button
            type="link"
            size="small"
            aria-label={t('copyLinkNamed', { name })}
            disabled={space.policy !== 'public-read'}
            onClick={() => void copyLink()}
          >
            {t('copyLink')}
          </Button>
        </Tooltip>
      )}
      {canWrite && (
        <>
          {MOVES.map((kind) => (
            <Button
              key={kind}
              type="link"
              size="small"
              aria-label={t(`${kind}Named`, { name })}
              onClick={() => onKeyAction({ kind, key: entry.key })}
            >
              {t(kind)}
            </Button>
          ))}
          <ConfirmAction
            danger
            title={t(entry.kind === 'folder' ? 'confirmDeleteFolder' : 'confirmDelete', { name })}
            onConfirm={() => remove.mutateAsync()}
            buttonProps={{ 'aria-label': t('deleteNamed', { name }) }}
          >
            {kit('adminKit.delete')}
          </ConfirmAction>
        </>
      )}
    </Flex>
  );
}

/** A folder's listing: folders first (opening them), then files with their size, type and actions. */
export function FileTable({ space, entries, loading, canWrite, onOpenFolder, onPreview, onKeyAction }: FileTableProps) {
  const t = useFileT();
  const { t: kit } = useTranslation();
  const columns: ColumnsType<Entry> = [
    {
      key: 'name',
      title: t('fileName'),
      render: (_: unknown, entry) =>
        entry.kind === 'folder' ? (
          <Button
            type="link"
            size="small"
            icon={<FolderOutlined aria-hidden />}
            aria-label={t('openFolderNamed', { name: baseName(entry.key) })}
            onClick={() => onOpenFolder(entry.key)}
          >
            {baseName(entry.key)}
          </Button>
        ) : (
          <Flex gap={8} align="center">
            <FileOutlined aria-hidden />
            {baseName(entry.key)}
          </Flex>
        ),
    },
    { key: 'size', title: t('size'), render: (_: unknown, entry) => (entry.kind === 'file' ? formatBytes(entry.object.size) : '—') },
    {
      key: 'type',
      title: t('contentType'),
      render: (_: unknown, entry) => (entry.kind === 'file' ? entry.object.contentType : t('folder')),
    },
    {
      key: 'updatedAt',
      title: kit('adminKit.updatedAt'),
      render: (_: unknown, entry) => (entry.kind === 'file' ? formatTime(entry.object.updatedAt) : ''),
    },
    {
      key: 'actions',
      title: kit('adminKit.actions'),
      render: (_: unknown, entry) => (
        <EntryActions space={space} entry={entry} canWrite={canWrite} onPreview={onPreview} onKeyAction={onKeyAction} />
      ),
    },
  ];
  return (
    <Table<Entry>
      aria-label={t('files')}
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={entries}
      loading={loading}
      pagination={false}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canWrite ? t('emptyFolderWritable') : t('emptyFolder')} />,
      }}
    />
  );
}
