import { FolderAddOutlined, FolderOpenOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { BucketDetails, StoredObject } from '@portal/contracts';
import { Breadcrumb, Button, Flex, Select, Space, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { atLeast } from '../spaces.ts';
import { chosenFiles, droppedFiles, type ChosenFile } from './droppedFiles.ts';
import { FileTable } from './FileTable.tsx';
import { KeyDialog, type KeyAction } from './KeyDialog.tsx';
import { useFileT } from './messages.ts';
import { breadcrumbsOf } from './objectKeys.ts';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import { UploadList } from './UploadList.tsx';
import { PAGE_SIZES, useListing } from './useListing.ts';
import { useUploads } from './useUploads.ts';

/** A hidden file input opened by a button: several files, or (webkitdirectory) a whole folder. */
function PickButton({ folder, onPick, children }: { folder?: boolean; onPick: (files: ChosenFile[]) => void; children: string }) {
  let input: HTMLInputElement | null = null;
  return (
    <>
      <Button icon={folder ? <FolderOpenOutlined /> : <UploadOutlined />} onClick={() => input?.click()}>
        {children}
      </Button>
      <input
        ref={(element) => {
          input = element;
          if (element) element.webkitdirectory = !!folder;
        }}
        type="file"
        multiple
        hidden
        aria-label={children}
        onChange={(event) => {
          const files = event.currentTarget.files;
          if (files && files.length > 0) onPick(chosenFiles(files));
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

/** The folder path above the listing; each folder on it opens that folder. */
function FolderTrail({ space, prefix, onOpen }: { space: BucketDetails; prefix: string; onOpen: (prefix: string) => void }) {
  const t = useFileT();
  const crumbs = [{ name: space.name, prefix: '' }, ...breadcrumbsOf(prefix)];
  return (
    <nav aria-label={t('folderPath')}>
      <Breadcrumb
        items={crumbs.map((crumb, index) => ({
          key: crumb.prefix,
          title:
            index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onOpen(crumb.prefix)}>
                {crumb.name}
              </Button>
            ),
        }))}
      />
    </nav>
  );
}

/** One folder's listing with its paging; mounted anew per folder, so paging starts over. */
function FolderListing(props: {
  space: BucketDetails;
  prefix: string;
  canWrite: boolean;
  onOpenFolder: (prefix: string) => void;
  onPreview: (object: StoredObject) => void;
  onKeyAction: (action: KeyAction) => void;
}) {
  const t = useFileT();
  const { listing, entries, page, limit, setLimit, next, previous } = useListing(props.space.id, props.prefix);
  return (
    <Flex vertical gap={8}>
      <FileTable {...props} entries={entries} loading={listing.isFetching} />
      <Flex justify="end" align="center" gap={8}>
        <Typography.Text type="secondary">{t('pageNumber', { page })}</Typography.Text>
        <Button size="small" disabled={!previous} onClick={previous}>
          {t('previousPage')}
        </Button>
        <Button size="small" disabled={!next} onClick={next}>
          {t('nextPage')}
        </Button>
        <Select<number>
          size="small"
          aria-label={t('pageSize')}
          value={limit}
          onChange={setLimit}
          options={PAGE_SIZES.map((size) => ({ value: size, label: t('perPage', { size }) }))}
        />
        <Button size="small" icon={<ReloadOutlined />} aria-label={t('reload')} onClick={() => void listing.refetch()} />
      </Flex>
    </Flex>
  );
}

/**
 * The file management tab: folders with breadcrumbs, a paged listing, and with the write level new
 * folders, uploads (picked or dropped, folders keeping their tree) with per-file progress and
 * cancel, rename, move and delete. The folder is kept in the address (`prefix`).
 */
export function FileBrowser({ space }: { space: BucketDetails }) {
  const t = useFileT();
  const [params, setParams] = useSearchParams();
  const prefix = params.get('prefix') ?? '';
  const canWrite = atLeast(space.level, 'write');
  const uploads = useUploads(space.id, space.maxUploadBytes);
  const [preview, setPreview] = useState<StoredObject | null>(null);
  const [keyAction, setKeyAction] = useState<KeyAction | null>(null);
  const [dragging, setDragging] = useState(false);

  const openFolder = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('prefix', next);
      else updated.delete('prefix');
      return updated;
    });
  const upload = (files: ChosenFile[]) => uploads.add(files, prefix);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canWrite) void droppedFiles(event.dataTransfer).then(upload);
  };
  const onDragOver = (event: DragEvent) => {
    if (!canWrite) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <FolderTrail space={space} prefix={prefix} onOpen={openFolder} />
        {canWrite && (
          <Space wrap>
            <Button icon={<FolderAddOutlined />} onClick={() => setKeyAction({ kind: 'folder', prefix })}>
              {t('newFolder')}
            </Button>
            <PickButton onPick={upload}>{t('uploadFiles')}</PickButton>
            <PickButton folder onPick={upload}>
              {t('uploadFolder')}
            </PickButton>
          </Space>
        )}
      </Flex>
      <UploadList items={uploads.items} onCancel={uploads.cancel} onCancelAll={uploads.cancelAll} onClear={uploads.clearFinished} />
      <div
        data-testid="oss-drop-zone"
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{ outline: dragging ? '2px dashed currentColor' : 'none', outlineOffset: 4, borderRadius: 8 }}
      >
        {canWrite && <Typography.Paragraph type="secondary">{t(dragging ? 'dropNow' : 'dropHint')}</Typography.Paragraph>}
        <FolderListing
          key={prefix}
          space={space}
          prefix={prefix}
          canWrite={canWrite}
          onOpenFolder={openFolder}
          onPreview={setPreview}
          onKeyAction={setKeyAction}
        />
      </div>
      <PreviewDrawer bucketId={space.id} object={preview} onClose={() => setPreview(null)} />
      <KeyDialog bucketId={space.id} action={keyAction} onClose={() => setKeyAction(null)} />
    </Flex>
  );
}
