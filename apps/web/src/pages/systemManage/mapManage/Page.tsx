import { BASE_MAP_TYPES, BaseMapInput, baseMapEndpoints, MAX_ZOOM, type BaseMap, type BaseMapType } from '@portal/contracts';
import { Card, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../access/points.ts';
import { call } from '../../../api/call.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { ResourceForm } from '../../../components/resource/ResourceForm.tsx';
import { FORM_TEXTS, useMapT } from './messages.ts';
import { PreviewModal } from './PreviewModal.tsx';
import { BASE_MAPS_KEY, useMapColumns } from './useMapColumns.tsx';
import '../../../components/admin/messages.ts';

const TYPE_OPTIONS = BASE_MAP_TYPES.map((type) => ({ value: type, label: type }));

// The schema's zoom range (0 to MAX_ZOOM, whole levels), kept by the widget itself.
const zoomInput = <InputNumber min={0} max={MAX_ZOOM} precision={0} style={{ width: 120 }} />;

const FORM = {
  schema: BaseMapInput,
  fields: [
    'name',
    { name: 'type', label: 'mapManage:type', input: <Select options={TYPE_OPTIONS} style={{ width: 160 }} /> },
    { name: 'url', label: 'mapManage:url', extra: 'mapManage:urlHint' },
    { name: 'layers', label: 'mapManage:layers', extra: 'mapManage:layersHint' },
    { name: 'layer', label: 'mapManage:layer', extra: 'mapManage:wmtsHint' },
    { name: 'matrixSet', label: 'mapManage:matrixSet', extra: 'mapManage:wmtsHint' },
    { name: 'format', label: 'mapManage:format', extra: 'mapManage:formatHint' },
    { name: 'attribution', label: 'mapManage:attribution' },
    { name: 'minZoom', label: 'mapManage:minZoom', input: zoomInput },
    { name: 'maxZoom', label: 'mapManage:maxZoom', input: zoomInput },
    { name: 'enabled', label: 'mapManage:enabled' },
    { name: 'sort', label: 'mapManage:sort' },
  ],
} as const;

/** systemManage/mapManage: XYZ, WMS and WMTS base maps, enabled or not, one the default, previewed on a Leaflet map. */
export function Component({ node }: ConsolePageProps) {
  const t = useMapT();
  const [editing, setEditing] = useState<BaseMap | 'new' | null>(null);
  const [previewed, setPreviewed] = useState<BaseMap | null>(null);
  const [type, setType] = useState<BaseMapType>();
  const columns = useMapColumns({ onEdit: setEditing, onPreview: setPreviewed });
  return (
    <AdminPage
      title={node.title}
      extra={
        <CreateButton point={POINTS.baseMap.create} onClick={() => setEditing('new')}>
          {t('form.create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<BaseMap>
          label={node.title}
          queryKey={BASE_MAPS_KEY}
          // The list is a POST: its paging, search and filters travel in the body.
          fetchPage={(query) => call(baseMapEndpoints.list, { body: query })}
          filters={{ type }}
          columns={columns}
          searchPlaceholder={t('form.search')}
          emptyText={t('form.empty')}
          toolbar={
            <Select<BaseMapType>
              allowClear
              placeholder={t('allTypes')}
              aria-label={t('type')}
              options={TYPE_OPTIONS}
              value={type}
              onChange={setType}
              style={{ width: 140 }}
            />
          }
        />
      </Card>
      <ResourceForm
        config={{ endpoints: baseMapEndpoints, form: FORM, texts: FORM_TEXTS, queryKey: BASE_MAPS_KEY }}
        editing={editing}
        newValues={{ type: 'XYZ', minZoom: 0, maxZoom: 18, enabled: true, sort: 0 }}
        onClose={() => setEditing(null)}
      />
      <PreviewModal map={previewed} onClose={() => setPreviewed(null)} />
    </AdminPage>
  );
}
