import type { MenuNode, MessageTemplate } from '@portal/contracts';
import { Card, Input } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../access/points.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';
import { useDebounced } from '../../../components/admin/RemoteSelect.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { fetchTemplates, TEMPLATE_KEY } from './api.ts';
import { useTemplateT } from './messages.ts';
import { ReceiversModal } from './ReceiversModal.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';
import { useTemplateColumns } from './useTemplateColumns.tsx';

const FILTER_DELAY_MS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The templates, paged on the server, searched by id, name or subject and filtered by channel and
 * classification (typed as ids until their pickers' lists are on this branch).
 */
export function TemplateList({ node }: { node: MenuNode }) {
  const t = useTemplateT();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [receiversOf, setReceiversOf] = useState<MessageTemplate | null>(null);
  const [channel, setChannel] = useState('');
  const [classification, setClassification] = useState('');
  const channelId = useDebounced(channel.trim(), FILTER_DELAY_MS);
  const classificationId = useDebounced(classification.trim(), FILTER_DELAY_MS);
  const columns = useTemplateColumns(node, { onEdit: setEditing, onReceivers: setReceiversOf });
  return (
    <AdminPage
      title={node.title || t('title')}
      extra={
        <CreateButton point={POINTS.messageTemplate.create} onClick={() => setEditing('new')}>
          {t('create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<MessageTemplate>
          label={node.title || t('title')}
          queryKey={TEMPLATE_KEY}
          fetchPage={fetchTemplates}
          filters={{
            channelId: channelId || undefined,
            classificationId: UUID.test(classificationId) ? classificationId : undefined,
          }}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          toolbar={
            <>
              <Input
                aria-label={t('channelFilter')}
                placeholder={t('channelFilter')}
                allowClear
                value={channel}
                onChange={(event) => setChannel(event.target.value)}
                style={{ width: 180 }}
              />
              <Input
                aria-label={t('classificationFilter')}
                placeholder={t('classificationFilter')}
                allowClear
                value={classification}
                status={classificationId && !UUID.test(classificationId) ? 'warning' : undefined}
                onChange={(event) => setClassification(event.target.value)}
                style={{ width: 320 }}
              />
            </>
          }
        />
      </Card>
      <TemplateEditor editing={editing} onClose={() => setEditing(null)} />
      <ReceiversModal template={receiversOf} onClose={() => setReceiversOf(null)} />
    </AdminPage>
  );
}
