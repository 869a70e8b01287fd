import { userExcelEndpoints, type UserImportMode, type UserImportResult } from '@portal/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from './download.ts';
import { ImportWorkbookModal } from './ImportWorkbookModal.tsx';
import './messages.ts';

interface UserImportModalProps {
  open: boolean;
  title: string;
  /** What the import does with the rows (defaults to the organisation import's help). */
  help?: string;
  /** Uploads the file in the chosen mode (create, or upsert: existing usernames are updated, not refused). */
  upload: (file: File, mode: UserImportMode, onProgress: (percent: number | undefined) => void) => Promise<UserImportResult>;
  /** The upsert checkbox's text (defaults to the organisation import's, which moves users in). */
  upsertLabel?: string;
  /** The success line (defaults to the count of users imported and updated). */
  done?: (result: UserImportResult) => string;
  invalidate: readonly QueryKey[];
  onClose: () => void;
}

/** Imports users from the users template (.xlsx), all rows or none, into an organisation or an application. */
export function UserImportModal({ open, title, help, upsertLabel, upload, done, invalidate, onClose }: UserImportModalProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<UserImportMode>('create');
  return (
    <ImportWorkbookModal
      open={open}
      title={title}
      help={help ?? t('orgManage.users.importHelp')}
      downloadTemplate={() => downloadFile(userExcelEndpoints.template, undefined, { fallbackName: 'users-import-template.xlsx' })}
      upload={(file, onProgress) => upload(file, mode, onProgress)}
      done={done ?? ((result) => t('orgManage.users.importDone', { count: result.imported, updated: result.updated }))}
      invalidate={invalidate}
      options={(uploading) => (
        <Checkbox
          checked={mode === 'upsert'}
          onChange={(event) => setMode(event.target.checked ? 'upsert' : 'create')}
          disabled={uploading}
        >
          {upsertLabel ?? t('orgManage.users.importUpsert')}
        </Checkbox>
      )}
      onClose={() => {
        setMode('create');
        onClose();
      }}
    />
  );
}
