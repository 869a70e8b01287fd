import { applicationEndpoints, type Application } from '@portal/contracts';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../access/useCan.ts';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { useCrudMutations, useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { APPLICATION_KEY, setApplicationState } from './api.ts';
import { useAppT } from './messages.ts';
import { isInternalApp } from '@portal/contracts';
import { POINTS } from '../../../access/points.ts';
import '../../../components/admin/messages.ts';

export interface ApplicationActionHandlers {
  onEdit?: (application: Application) => void;
  onChangeOwner: (application: Application) => void;
  /** After the application was deleted (a detail view goes back to the list). */
  onDeleted?: () => void;
}

/**
 * Edit, enable/disable, change owner and delete of one application, each behind its permission point;
 * the disruptive ones ask first. Internal applications can be neither disabled nor deleted.
 */
export function ApplicationActions({
  application,
  onEdit,
  onChangeOwner,
  onDeleted,
}: { application: Application } & ApplicationActionHandlers) {
  const t = useAppT();
  const { t: tk } = useTranslation();
  const canUpdate = useCan(POINTS.application.update);
  const canToggle = useCan(POINTS.application.state);
  const canHandOver = useCan(POINTS.application.owner);
  const canDelete = useCan(POINTS.application.delete);
  // Only the lists reload: the deleted application's detail view is being left, not refetched into a 404.
  const { remove } = useCrudMutations(applicationEndpoints, [[...APPLICATION_KEY, 'page']]);
  const enabled = application.state === 'enabled';
  const toggle = useInvalidatingMutation(() => setApplicationState(application.id, enabled ? 'disabled' : 'enabled'), {
    invalidate: [APPLICATION_KEY],
    success: enabled ? t('disabledDone') : t('enabledDone'),
  });
  const internal = isInternalApp(application.instant);
  return (
    <Flex wrap gap={4}>
      {canUpdate && onEdit && (
        <Button type="link" size="small" onClick={() => onEdit(application)}>
          {tk('adminKit.edit')}
        </Button>
      )}
      {canToggle && !(internal && enabled) && (
        <ConfirmAction
          title={t(enabled ? 'confirmDisable' : 'confirmEnable', { name: application.name })}
          description={enabled ? t('disableEffect') : undefined}
          onConfirm={() => toggle.mutateAsync(undefined)}
          danger={enabled}
        >
          {enabled ? t('disable') : t('enable')}
        </ConfirmAction>
      )}
      {canHandOver && (
        <Button type="link" size="small" onClick={() => onChangeOwner(application)}>
          {t('changeOwner')}
        </Button>
      )}
      {canDelete && !internal && (
        <ConfirmAction
          title={t('confirmDelete', { name: application.name })}
          description={t('deleteEffect')}
          onConfirm={() => remove.mutateAsync({ params: { applicationId: application.id } }).then(() => onDeleted?.())}
          danger
        >
          {tk('adminKit.delete')}
        </ConfirmAction>
      )}
    </Flex>
  );
}
