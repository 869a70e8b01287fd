import { baseMapEndpoints, type BaseMap } from '@portal/contracts';
import { Button, Flex, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { markedNameColumn } from '../../../components/admin/markedNameColumn.tsx';
import { useCallMutation } from '../../../components/admin/useCrudMutations.ts';
import { useFeedback } from '../../../components/admin/useFeedback.ts';
import { useMapT } from './messages.ts';

export const BASE_MAPS_KEY = ['systemConfig', 'baseMaps'] as const;
const invalidate = [BASE_MAPS_KEY];

/** A map's visibility: a switch for holders of the state point (the default map cannot be disabled: the server says why). */
function StateSwitch({ map }: { map: BaseMap }) {
  const t = useMapT();
  const canChange = useCan(POINTS.baseMap.state);
  const setState = useCallMutation(baseMapEndpoints.setState, { invalidate });
  return (
    <Switch
      size="small"
      checked={map.enabled}
      disabled={!canChange}
      loading={setState.isPending}
      aria-label={t('enable', { name: map.name })}
      onChange={(enabled) => setState.mutate({ params: { id: map.id }, body: { enabled } })}
    />
  );
}

interface Handlers {
  onEdit: (map: BaseMap) => void;
  onPreview: (map: BaseMap) => void;
}

/** The list's columns: the definition, the state switch, and preview, make default, edit and delete. */
export function useMapColumns({ onEdit, onPreview }: Handlers): ColumnsType<BaseMap> {
  const t = useMapT();
  const { t: tk } = useTranslation();
  const { message } = useFeedback();
  const [canUpdate, canDelete] = [useCan(POINTS.baseMap.update), useCan(POINTS.baseMap.delete)];
  const setDefault = useCallMutation(baseMapEndpoints.setDefault, { invalidate, success: false });
  const remove = useCallMutation(baseMapEndpoints.remove, { invalidate, success: tk('adminKit.deleted') });
  const makeDefault = async (map: BaseMap) => {
    await setDefault.mutateAsync({ params: { id: map.id } });
    void message.success(t('madeDefault', { name: map.name }));
  };
  return [
    markedNameColumn<BaseMap>({ marked: (map) => map.isDefault, label: t('isDefault'), hint: t('defaultHint') }),
    { key: 'type', title: t('type'), dataIndex: 'type', width: 80, render: (type: string) => <Tag>{type}</Tag> },
    {
      key: 'url',
      title: t('url'),
      dataIndex: 'url',
      render: (url: string) => (
        <Typography.Text code ellipsis={{ tooltip: url }} style={{ maxWidth: 280 }}>
          {url}
        </Typography.Text>
      ),
    },
    { key: 'attribution', title: t('attribution'), dataIndex: 'attribution', render: (text: string | null) => text ?? '—' },
    { key: 'zoom', title: t('zoom'), width: 90, render: (_, map) => `${map.minZoom}–${map.maxZoom}` },
    { key: 'enabled', title: t('enabled'), width: 90, render: (_, map) => <StateSwitch map={map} /> },
    {
      key: 'actions',
      title: tk('adminKit.actions'),
      width: 240,
      render: (_, map) => (
        <Flex wrap gap={4}>
          <Button type="link" size="small" onClick={() => onPreview(map)}>
            {t('preview')}
          </Button>
          {canUpdate && map.enabled && !map.isDefault && (
            <ConfirmAction title={t('confirmDefault', { name: map.name })} onConfirm={() => makeDefault(map)}>
              {t('makeDefault')}
            </ConfirmAction>
          )}
          {canUpdate && (
            <Button type="link" size="small" onClick={() => onEdit(map)}>
              {tk('adminKit.edit')}
            </Button>
          )}
          {canDelete && (
            <ConfirmAction
              title={t('form.confirmDelete', { name: map.name })}
              description={map.isDefault ? t('deleteDefault') : t('deleteEffect')}
              onConfirm={() => remove.mutateAsync({ params: { id: map.id } })}
              danger
            >
              {tk('adminKit.delete')}
            </ConfirmAction>
          )}
        </Flex>
      ),
    },
  ];
}
