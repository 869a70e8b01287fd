import type { MenuNode, MessageTemplate } from '@portal/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/admin/format.ts';
import { detailLinkColumn } from '../../../components/admin/columns.tsx';
import { useTemplateT } from './messages.ts';
import { TemplateActions, type TemplateActionHandlers } from './TemplateActions.tsx';
import '../../../components/admin/messages.ts';

/** A template's channel: its name and type. */
export const ChannelLabel = ({ template }: { template: MessageTemplate }) => (
  <>
    {template.channelName} <Tag>{template.channelType}</Tag>
  </>
);

export function useTemplateColumns(node: MenuNode, handlers: TemplateActionHandlers): ColumnsType<MessageTemplate> {
  const t = useTemplateT();
  const { t: tk } = useTranslation();
  return [
    detailLinkColumn(node, t('name')),
    { key: 'id', title: t('id'), dataIndex: 'id', sorter: true, render: (id: string) => <code>{id}</code> },
    {
      key: 'channelId',
      title: t('channel'),
      dataIndex: 'channelId',
      sorter: true,
      render: (_: unknown, template) => <ChannelLabel template={template} />,
    },
    { key: 'classification', title: t('classification'), dataIndex: 'classificationName', render: (name: string | null) => name ?? '—' },
    { key: 'subject', title: t('subject'), dataIndex: 'subject', ellipsis: true },
    { key: 'updatedAt', title: t('updatedAt'), dataIndex: 'updatedAt', sorter: true, render: formatTime },
    {
      key: 'actions',
      title: tk('adminKit.actions'),
      width: 220,
      render: (_: unknown, template) => <TemplateActions template={template} {...handlers} />,
    },
  ];
}
