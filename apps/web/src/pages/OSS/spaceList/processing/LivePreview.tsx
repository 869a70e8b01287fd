import type { ProcessorStep } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { useDebounced } from '../../../../components/admin/RemoteSelect.tsx';
import { spaceApi } from '../api.ts';
import { previewKindOf } from '../files/preview.ts';
import { processorApi, type PreviewImage } from './api.ts';
import { useProcessingT } from './messages.ts';

/** The preview is asked for this long after the last change to the steps. */
const PREVIEW_DELAY_MS = 400;
/** The images offered as the preview's source: the space's top level, one page of it. */
const SOURCE_CHOICES = 200;

/** A blob shown through an object URL, released when the blob changes or the view goes. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The steps rendered by the server, asked for once they stop changing; the image shown stays the
 * last good one while the next renders. The refusal (with its `details.problems`) is the query's error.
 */
export function usePreview(bucketId: string, steps: ProcessorStep[], key: string | undefined) {
  const settled = useDebounced(JSON.stringify(steps), PREVIEW_DELAY_MS);
  return useQuery({
    queryKey: ['oss', 'processor-preview', bucketId, settled, key ?? null],
    queryFn: ({ signal }) => processorApi.preview(bucketId, JSON.parse(settled) as ProcessorStep[], key, signal),
    enabled: steps.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
}

/** The images of the space's top level the preview may run on, besides the sample image. */
function SourceSelect({
  bucketId,
  value,
  onChange,
}: {
  bucketId: string;
  value: string | undefined;
  onChange: (key: string | undefined) => void;
}) {
  const t = useProcessingT();
  const listing = useQuery({
    queryKey: ['oss', 'buckets', 'one', bucketId, 'fs', 'preview-sources'],
    queryFn: () => spaceApi.listing(bucketId, { prefix: '', limit: SOURCE_CHOICES }),
  });
  const images = (listing.data?.objects ?? []).filter((object) => previewKindOf(object.contentType, object.key) === 'image');
  return (
    <Select
      aria-label={t('previewSource')}
      style={{ minWidth: 220 }}
      value={value ?? ''}
      loading={listing.isFetching}
      options={[{ value: '', label: t('sampleImage') }, ...images.map((object) => ({ value: object.key, label: object.key }))]}
      onChange={(key: string) => onChange(key || undefined)}
    />
  );
}

function PreviewPicture({ image }: { image: PreviewImage }) {
  const t = useProcessingT();
  const url = useObjectUrl(image.blob);
  return (
    <Flex vertical gap={4}>
      <img src={url} alt={t('previewAlt')} style={{ maxWidth: '100%', alignSelf: 'flex-start' }} />
      <Typography.Text type="secondary">{t('previewSize', { width: image.width, height: image.height })}</Typography.Text>
    </Flex>
  );
}

/** The live preview card: the source image choice, then the rendered result or why it could not be. */
export function LivePreview(props: {
  bucketId: string;
  preview: ReturnType<typeof usePreview>;
  hasSteps: boolean;
  source: string | undefined;
  onSource: (key: string | undefined) => void;
}) {
  const t = useProcessingT();
  const { preview } = props;
  const refusal = preview.isError ? apiErrorOf(preview.error) : undefined;
  return (
    <Card
      size="small"
      title={t('livePreview')}
      extra={<SourceSelect bucketId={props.bucketId} value={props.source} onChange={props.onSource} />}
    >
      <Spin spinning={preview.isFetching}>
        <div aria-live="polite" style={{ minHeight: 120 }}>
          {!props.hasSteps ? (
            <Typography.Text type="secondary">{t('previewNeedsSteps')}</Typography.Text>
          ) : preview.isError ? (
            <Alert type="error" showIcon title={refusal?.message ?? t('previewFailed')} />
          ) : preview.data ? (
            <PreviewPicture image={preview.data} />
          ) : null}
        </div>
      </Spin>
    </Card>
  );
}
