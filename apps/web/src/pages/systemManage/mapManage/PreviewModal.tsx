import type { BaseMap } from '@portal/contracts';
import { Modal, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useMapT } from './messages.ts';

// Leaflet comes with this chunk, fetched on the first preview only.
const MapPreview = lazy(() => import('./MapPreview.tsx'));

/** A base map previewed on a Leaflet map in a dialog. */
export function PreviewModal({ map, onClose }: { map: BaseMap | null; onClose: () => void }) {
  const t = useMapT();
  const title = map ? t('previewTitle', { name: map.name }) : '';
  return (
    <Modal open={map !== null} title={title} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('previewHint')}</Typography.Paragraph>
      {map && (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 420 }} />}>
          <MapPreview map={map} label={title} />
        </Suspense>
      )}
    </Modal>
  );
}
