import type { Application, MenuNode } from '@portal/contracts';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { formatTime } from '../../../components/admin/format.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { ApplicationActions, type ApplicationActionHandlers } from './ApplicationActions.tsx';
import { StateTag, TypeTag } from './ApplicationTags.tsx';
import { useAppT } from './messages.ts';
import '../../../components/admin/messages.ts';

export function useApplicationColumns(node: MenuNode, handlers: ApplicationActionHandlers): ColumnsType<Application> {
  const t = useAppT();
  const { t: tk } = useTranslation();
  return [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, application) => (
        <LinkButton to={detailPath(node, application.id)} style={{ padding: 0 }}>
          {name}
        </LinkButton>
      ),
    },
    { key: 'instant', title: t('instant'), dataIndex: 'instant', sorter: true, render: (instant: string) => <code>{instant}</code> },
    {
      key: 'type',
      title: t('type'),
      dataIndex: 'type',
      sorter: true,
      render: (_: unknown, application) => <TypeTag application={application} />,
    },
    { key: 'ownerName', title: t('owner'), dataIndex: 'ownerName', render: (owner: string | null) => owner ?? '—' },
    {
      key: 'state',
      title: t('state'),
      dataIndex: 'state',
      sorter: true,
      render: (state: Application['state']) => <StateTag state={state} />,
    },
    { key: 'sort', title: t('sort'), dataIndex: 'sort', sorter: true, width: 90 },
    { key: 'updatedAt', title: t('updatedAt'), dataIndex: 'updatedAt', sorter: true, render: formatTime },
    {
      key: 'actions',
      title: tk('adminKit.actions'),
      width: 280,
      render: (_: unknown, application) => <ApplicationActions application={application} {...handlers} />,
    },
  ];
}
