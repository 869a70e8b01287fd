import { ImportOutlined } from '@ant-design/icons';
import { applicationUserEndpoints, type Application } from '@portal/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { downloadFile } from '../../../../components/admin/download.ts';
import { ExportButton } from '../../../../components/admin/ExportButton.tsx';
import { UserImportModal } from '../../../../components/admin/UserImportModal.tsx';
import { authorizationsKey, importApplicationUsers } from './api.ts';
import { useAuthorizationsT } from './messages.ts';

/** The application's users: imported from the users template (created if new, authorised for it), exported the same way. */
export function ApplicationUsers({ application }: { application: Application }) {
  const t = useAuthorizationsT();
  const [importing, setImporting] = useState(false);
  return (
    <Card title={t('users.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('users.help')}</Typography.Text>
        <Flex gap={8} wrap>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('users.import')}
          </Button>
          <ExportButton
            label={t('users.export')}
            download={(onProgress) =>
              downloadFile(
                applicationUserEndpoints.export,
                { params: { id: application.id } },
                { fallbackName: `users-${application.instant}.xlsx`, onProgress },
              )
            }
          />
        </Flex>
      </Flex>
      <UserImportModal
        open={importing}
        title={t('users.importTitle', { name: application.name })}
        help={t('users.importHelp')}
        upsertLabel={t('users.upsert')}
        upload={(file, mode, onProgress) => importApplicationUsers(application.id, file, mode, onProgress)}
        done={(result) => t('users.importDone', { count: result.imported, updated: result.updated })}
        invalidate={[ADMIN_KEYS.users, authorizationsKey(application.id)]}
        onClose={() => setImporting(false)}
      />
    </Card>
  );
}
