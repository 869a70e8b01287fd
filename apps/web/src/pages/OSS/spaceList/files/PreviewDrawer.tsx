import { objectEndpoints, type StoredObject } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Skeleton, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { callForResponse } from '../../../../api/call.ts';
import { ViewThroughProcessor } from '../processing/ProcessedView.tsx';
import { baseName, formatBytes } from './objectKeys.ts';
import { useFileT } from './messages.ts';
import { previewKindOf, TEXT_PREVIEW_BYTES, type PreviewKind } from './preview.ts';

/** What a preview shows: a text's first part (a Range request) as text, anything else whole as a blob. */
type Preview = { kind: 'text'; text: string } | { kind: 'image' | 'pdf'; blob: Blob };

async function loadPreview(bucketId: string, object: StoredObject, kind: PreviewKind): Promise<Preview> {
  const partial = kind === 'text' && object.size > TEXT_PREVIEW_BYTES;
  const response = await callForResponse(
    objectEndpoints.get,
    { params: { bucketId }, query: { key: object.key } },
    { responseType: 'blob', ...(partial ? { headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } } : {}) },
  );
  const blob = response.data as unknown as Blob;
  return kind === 'text' ? { kind, text: await blob.text() } : { kind, blob };
}

function MediaView({ blob, kind, name }: { blob: Blob; kind: 'image' | 'pdf'; name: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  if (kind === 'image') return <img src={url} alt={name} style={{ maxWidth: '100%' }} />;
  return <iframe src={url} title={name} style={{ width: '100%', height: '75vh', border: 0 }} />;
}

function PreviewView({ bucketId, preview, object }: { bucketId: string; preview: Preview; object: StoredObject }) {
  const t = useFileT();
  if (preview.kind === 'image') {
    const original = <MediaView blob={preview.blob} kind="image" name={baseName(object.key)} />;
    return <ViewThroughProcessor bucketId={bucketId} object={object} original={original} />;
  }
  if (preview.kind !== 'text') return <MediaView blob={preview.blob} kind={preview.kind} name={baseName(object.key)} />;
  return (
    <>
      {object.size > TEXT_PREVIEW_BYTES && (
        <Alert type="info" showIcon title={t('previewTruncated', { size: formatBytes(TEXT_PREVIEW_BYTES) })} />
      )}
      <pre aria-label={t('previewText')} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13 }}>
        {preview.text}
      </pre>
    </>
  );
}

/** A drawer previewing an image, a PDF or the start of a text object. */
export function PreviewDrawer({ bucketId, object, onClose }: { bucketId: string; object: StoredObject | null; onClose: () => void }) {
  const t = useFileT();
  const kind = object ? previewKindOf(object.contentType, object.key) : null;
  const preview = useQuery({
    queryKey: ['oss', 'preview', bucketId, object?.key, object?.etag],
    queryFn: () => loadPreview(bucketId, object as StoredObject, kind as PreviewKind),
    enabled: !!object && !!kind,
    gcTime: 0,
  });
  return (
    <Drawer
      open={!!object}
      onClose={onClose}
      size={720}
      title={object ? t('previewTitle', { name: baseName(object.key) }) : ''}
      destroyOnHidden
    >
      {object && (
        <>
          <Typography.Paragraph type="secondary">
            {object.contentType} · {formatBytes(object.size)}
          </Typography.Paragraph>
          {!kind ? (
            <Alert type="info" showIcon title={t('noPreview')} />
          ) : preview.isPending ? (
            <Skeleton active />
          ) : preview.isError ? (
            <Alert type="error" showIcon title={t('previewFailed')} />
          ) : (
            <PreviewView bucketId={bucketId} preview={preview.data} object={object} />
          )}
        </>
      )}
    </Drawer>
  );
}
