import { colourSchemeEndpoints, type ColourScheme } from '@portal/contracts';
import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { markedNameColumn } from '../../../../components/admin/markedNameColumn.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { useCallMutation } from '../../../../components/admin/useCrudMutations.ts';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { useColourT } from './messages.ts';
import { SchemePreview } from './SchemePreview.tsx';

export const COLOUR_SCHEMES_KEY = ['systemConfig', 'colourSchemes'] as const;

/** The list's columns: the name with the top mark, the preview, and edit, make top and delete by point. */
export function useSchemeColumns(current: ColourScheme | undefined, onEdit: (scheme: ColourScheme) => void): ColumnsType<ColourScheme> {
  const t = useColourT();
  const { t: tk } = useTranslation();
  const [canUpdate, canDelete] = [useCan(POINTS.colourScheme.update), useCan(POINTS.colourScheme.delete)];
  const { message } = useFeedback();
  const invalidate = [COLOUR_SCHEMES_KEY];
  const setTop = useCallMutation(colourSchemeEndpoints.setTop, { invalidate, success: false });
  const remove = useCallMutation(colourSchemeEndpoints.remove, { invalidate, success: tk('adminKit.deleted') });
  return [
    markedNameColumn<ColourScheme>({ marked: (scheme) => scheme.top, label: t('top'), hint: t('topHint') }),
    {
      key: 'preview',
      title: t('preview'),
      render: (_, scheme) => <SchemePreview primary={scheme.primary} colours={scheme.colours} compact />,
    },
    { key: 'sort', title: t('sort'), dataIndex: 'sort', sorter: true, width: 90 },
    { key: 'updatedAt', title: tk('adminKit.updatedAt'), dataIndex: 'updatedAt', sorter: true, render: formatTime },
    {
      key: 'actions',
      title: tk('adminKit.actions'),
      width: 200,
      render: (_, scheme) => (
        <Flex wrap gap={4}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => onEdit(scheme)}>
              {tk('adminKit.edit')}
            </Button>
          )}
          {canUpdate && !scheme.top && (
            <ConfirmAction
              title={t('confirmTop', { name: scheme.name })}
              description={t('confirmTopBody', { current: current?.name ?? t('noTopYet') })}
              onConfirm={async () => {
                await setTop.mutateAsync({ body: { id: scheme.id } });
                void message.success(t('madeTop', { name: scheme.name }));
              }}
            >
              {t('makeTop')}
            </ConfirmAction>
          )}
          {canDelete && (
            <ConfirmAction
              title={t('form.confirmDelete', { name: scheme.name })}
              description={scheme.top ? t('form.deleteEffect') : tk('adminKit.cannotUndo')}
              onConfirm={() => remove.mutateAsync({ params: { id: scheme.id } })}
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
