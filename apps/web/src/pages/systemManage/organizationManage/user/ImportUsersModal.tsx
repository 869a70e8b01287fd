import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { UserImportModal } from '../../../../components/admin/UserImportModal.tsx';
import { importUsers } from './api.ts';
import '../../../../components/admin/messages.ts';

interface ImportUsersModalProps {
  open: boolean;
  org: { id: string; name: string } | undefined;
  onClose: () => void;
}

/** Imports users from an .xlsx into the chosen organisation, creating them or (upsert) moving existing ones in. */
export function ImportUsersModal({ open, org, onClose }: ImportUsersModalProps) {
  const { t } = useTranslation();
  return (
    <UserImportModal
      open={open}
      title={t('orgManage.users.importTitle', { org: org?.name ?? '' })}
      upload={(file, mode, onProgress) =>
        org ? importUsers(org.id, file, mode, onProgress) : Promise.reject(new Error('no organisation'))
      }
      invalidate={[ADMIN_KEYS.users]}
      onClose={onClose}
    />
  );
}
