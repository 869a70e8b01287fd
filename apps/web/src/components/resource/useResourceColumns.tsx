import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/useCan.ts';
import { ConfirmAction } from '../admin/ConfirmAction.tsx';
import { LinkButton } from '../admin/LinkButton.tsx';
import { detailPath } from '../admin/pagePaths.ts';
import { useCallMutation } from '../admin/useCrudMutations.ts';
import { recordInput } from './recordInput.ts';
import type { ResourceEndpoints, ResourcePageProps, RowOf } from './types.ts';
import '../admin/messages.ts';

/** The column whose cells link to the record's detail view. */
const LINKED_COLUMN = 'name';
const DEFAULT_ACTIONS_WIDTH = 160;

/** The page's own consequence of a deletion when it names one (`<prefix>.deleteEffect`), else the generic warning. */
export const deleteWarningKey = (texts: string): string =>
  i18n.exists(`${texts}.deleteEffect`) ? `${texts}.deleteEffect` : 'adminKit.cannotUndo';

/**
 * The page's columns with the name linking to the detail view, and an actions column: edit (with
 * the update point), the page's row actions, and delete after a confirmation (with the delete point).
 */
export function useResourceColumns<E extends ResourceEndpoints, Filter>(
  config: ResourcePageProps<E, Filter>,
  onEdit: (row: RowOf<E>) => void,
): ColumnsType<RowOf<E>> {
  const { t } = useTranslation();
  const canUpdate = useCan(config.points.update);
  const canDelete = useCan(config.points.delete);
  const remove = useCallMutation(config.endpoints.remove, {
    invalidate: [config.queryKey, ...(config.alsoInvalidate ?? [])],
    success: t('adminKit.deleted'),
  });

  const linked = config.columns.map((column) =>
    column.key === LINKED_COLUMN && config.detail
      ? {
          ...column,
          render: (name: string, row: RowOf<E>) => (
            <LinkButton to={detailPath(config.node, row.id)} style={{ padding: 0 }}>
              {name}
            </LinkButton>
          ),
        }
      : column,
  );
  const actions: ColumnsType<RowOf<E>>[number] = {
    key: 'actions',
    title: t('adminKit.actions'),
    width: config.actionsWidth ?? DEFAULT_ACTIONS_WIDTH,
    render: (_: unknown, row: RowOf<E>) => (
      <Flex wrap gap={4}>
        {canUpdate && (
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            {t('adminKit.edit')}
          </Button>
        )}
        {config.rowActions?.(row)}
        {canDelete && (
          <ConfirmAction
            title={t(`${config.texts}.confirmDelete`, { name: row.name })}
            description={t(deleteWarningKey(config.texts))}
            onConfirm={() => remove.mutateAsync(recordInput(row.id))}
            danger
          >
            {t('adminKit.delete')}
          </ConfirmAction>
        )}
      </Flex>
    ),
  };
  return [...linked, actions];
}
