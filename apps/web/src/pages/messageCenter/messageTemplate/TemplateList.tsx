import type { MenuNode, MessageTemplate } from '@portal/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../access/points.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { fetchTemplates, TEMPLATE_KEY } from './api.ts';
import { ChannelSelect, ClassificationSelect } from './choices.tsx';
import { useTemplateT } from './messages.ts';
import { ReceiversModal } from './ReceiversModal.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';
import { useTemplateColumns } from './useTemplateColumns.tsx';

/** The templates, paged on the server, searched by id, name or subject and filtered by channel and classification. */
export function TemplateList({ node }: { node: MenuNode }) {
  const t = useTemplateT();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [receiversOf, setReceiversOf] = useState<MessageTemplate | null>(null);
  const [channelId, setChannelId] = useState<string | null>(null);
  const [classificationId, setClassificationId] = useState<string | null>(null);
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
          filters={{ channelId: channelId ?? undefined, classificationId: classificationId ?? undefined }}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          toolbar={
            <>
              <ChannelSelect
                aria-label={t('channel')}
                placeholder={t('allChannels')}
                allowClear
                value={channelId}
                onChange={setChannelId}
                style={{ width: 220 }}
              />
              <ClassificationSelect
                aria-label={t('classification')}
                placeholder={t('allClassifications')}
                allowClear
                value={classificationId}
                onChange={setClassificationId}
                style={{ width: 220 }}
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
