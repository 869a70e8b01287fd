import { userExcelEndpoints, type UserImportMode } from '@portal/contracts';
import { Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { downloadFile } from '../../../../components/admin/download.ts';
import { ImportWorkbookModal } from '../../../../components/admin/ImportWorkbookModal.tsx';
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
  const [mode, setMode] = useState<UserImportMode>('create');
  return (
    <ImportWorkbookModal
      open={open}
      title={t('orgManage.users.importTitle', { org: org?.name ?? '' })}
      help={t('orgManage.users.importHelp')}
      downloadTemplate={() => downloadFile(userExcelEndpoints.template, undefined, { fallbackName: 'users-import-template.xlsx' })}
      upload={(file, onProgress) => (org ? importUsers(org.id, file, mode, onProgress) : Promise.reject(new Error('no organisation')))}
      done={(result) => t('orgManage.users.importDone', { count: result.imported, updated: result.updated })}
      invalidate={[ADMIN_KEYS.users]}
      options={(uploading) => (
        <Checkbox
          checked={mode === 'upsert'}
          onChange={(event) => setMode(event.target.checked ? 'upsert' : 'create')}
          disabled={uploading}
        >
          {t('orgManage.users.importUpsert')}
        </Checkbox>
      )}
      onClose={() => {
        setMode('create');
        onClose();
      }}
    />
  );
}
