import type { User } from '@portal/contracts';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { deleteUser, setUserActive, unlockUser } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import '../../../../components/admin/messages.ts';

interface UserActionsProps {
  user: User;
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
}

/** The row actions of a user, each shown only with its permission point; disruptive ones confirm first. */
export function UserActions({ user, onEdit, onResetPassword }: UserActionsProps) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.user.update);
  const canToggle = useCan(POINTS.user.actived);
  const canUnlock = useCan(POINTS.user.unlock);
  const canDelete = useCan(POINTS.user.delete);
  const invalidate = [ADMIN_KEYS.users];
  const toggle = useInvalidatingMutation((active: boolean) => setUserActive(user.id, active), {
    invalidate,
    success: user.actived ? t('orgManage.users.disabledDone') : t('orgManage.users.activatedDone'),
  });
  const unlock = useInvalidatingMutation(() => unlockUser(user.id), { invalidate, success: t('orgManage.users.unlockedDone') });
  const remove = useInvalidatingMutation(() => deleteUser(user.id), { invalidate, success: t('adminKit.deleted') });
  const who = user.name || user.username;

  return (
    <Flex wrap gap={4}>
      {canUpdate && (
        <Button type="link" size="small" onClick={() => onEdit(user)}>
          {t('adminKit.edit')}
        </Button>
      )}
      {canToggle && (
        <ConfirmAction
          title={t(user.actived ? 'orgManage.users.confirmDisable' : 'orgManage.users.confirmActivate', { name: who })}
          onConfirm={() => toggle.mutateAsync(!user.actived)}
          danger={user.actived}
        >
          {user.actived ? t('adminKit.disable') : t('adminKit.activate')}
        </ConfirmAction>
      )}
      {canUnlock && user.locked && (
        <ConfirmAction title={t('orgManage.users.confirmUnlock', { name: who })} onConfirm={() => unlock.mutateAsync()}>
          {t('orgManage.users.unlock')}
        </ConfirmAction>
      )}
      {canUpdate && (
        <Button type="link" size="small" onClick={() => onResetPassword(user)}>
          {t('orgManage.users.resetPassword')}
        </Button>
      )}
      {canDelete && (
        <ConfirmAction
          title={t('orgManage.users.confirmDelete', { name: who })}
          description={t('adminKit.cannotUndo')}
          onConfirm={() => remove.mutateAsync()}
          danger
        >
          {t('adminKit.delete')}
        </ConfirmAction>
      )}
    </Flex>
  );
}
