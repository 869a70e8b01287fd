import { objectEndpoints, PROCESS_QUERY_PARAM, type StoredObject } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Select, Skeleton, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { callForResponse } from '../../../../api/call.ts';
import { baseName } from '../files/objectKeys.ts';
import { processorApi, processorKeys } from './api.ts';
import { useObjectUrl } from './LivePreview.tsx';
import { useProcessingT } from './messages.ts';

/** The image downloaded through a processor (`files?key=…&x-process=<name>`), as anyone with the link would get it. */
function ProcessedImage({ bucketId, object, processor }: { bucketId: string; object: StoredObject; processor: string }) {
  const t = useProcessingT();
  const image = useQuery({
    queryKey: ['oss', 'processed', bucketId, object.key, object.etag, processor],
    queryFn: async () => {
      const response = await callForResponse(
        objectEndpoints.get,
        { params: { bucketId }, query: { key: object.key, [PROCESS_QUERY_PARAM]: processor } },
        { responseType: 'blob' },
      );
      return response.data as unknown as Blob;
    },
    gcTime: 0,
  });
  const url = useObjectUrl(image.data);
  if (image.isPending) return <Skeleton active />;
  if (image.isError) return <Alert type="error" showIcon title={t('previewFailed')} />;
  return (
    <Flex vertical gap={4}>
      <img src={url} alt={`${baseName(object.key)} (${processor})`} style={{ maxWidth: '100%', alignSelf: 'flex-start' }} />
      <Typography.Text type="secondary">{image.data.type}</Typography.Text>
    </Flex>
  );
}

/**
 * An image's preview with a choice of the space's processors: the original (`original`) until one
 * is chosen, then the image as that processor serves it.
 */
export function ViewThroughProcessor({ bucketId, object, original }: { bucketId: string; object: StoredObject; original: ReactNode }) {
  const t = useProcessingT();
  const [processor, setProcessor] = useState('');
  const processors = useQuery({ queryKey: processorKeys.list(bucketId), queryFn: () => processorApi.list(bucketId) });
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center">
        <Typography.Text>{t('viewThrough')}</Typography.Text>
        <Select
          aria-label={t('viewThrough')}
          style={{ minWidth: 200 }}
          value={processor}
          loading={processors.isFetching}
          options={[{ value: '', label: t('noProcessor') }, ...(processors.data ?? []).map(({ name }) => ({ value: name, label: name }))]}
          onChange={setProcessor}
        />
      </Flex>
      {processor ? <ProcessedImage bucketId={bucketId} object={object} processor={processor} /> : original}
    </Flex>
  );
}
