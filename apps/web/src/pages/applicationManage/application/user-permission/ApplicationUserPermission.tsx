import type { Application, ApplicationAuthorization } from '@portal/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useApplicationRights } from '../useApplicationRights.ts';
import { AuthorizationTable } from './AuthorizationTable.tsx';
import { AuthorizeModal } from './AuthorizeModal.tsx';
import { ApplicationUsers } from './ApplicationUsers.tsx';
import { useAuthorizationsT } from './messages.ts';

/**
 * The detail's user permission tab: who may open which pages and points of the application, set by
 * its owner or a holder of the point, and its users imported or exported as a workbook.
 */
export function ApplicationUserPermission({ application }: { application: Application }) {
  const t = useAuthorizationsT();
  const rights = useApplicationRights(application);
  const [editing, setEditing] = useState<ApplicationAuthorization | 'new' | null>(null);
  return (
    <Flex vertical gap={16}>
      <Card
        title={t('title')}
        extra={
          rights.authorize && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('authorize')}
            </Button>
          )
        }
      >
        {!rights.authorize && <Alert type="info" showIcon title={t('notAllowed')} style={{ marginBottom: 12 }} />}
        <AuthorizationTable application={application} canManage={rights.authorize} onEdit={setEditing} />
      </Card>
      {rights.users && <ApplicationUsers application={application} />}
      <AuthorizeModal application={application} editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
