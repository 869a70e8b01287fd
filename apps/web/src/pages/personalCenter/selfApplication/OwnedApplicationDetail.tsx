import type { Application, MenuNode } from '@portal/contracts';
import { Tag, Typography } from 'antd';
import { DetailPage } from '../../../components/admin/DetailPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { OwnerApplicationTabs } from '../../applicationManage/application/applicationTabs.tsx';
import { useOwnedApplications } from './api.ts';
import { useSelfApplicationT } from './messages.ts';
import { buildPath } from './ownedApps.ts';
import { useApplicationLabels } from './useApplicationLabels.ts';

/** One owned application: its settings as the workbench launches it, the way to build it, and its tabs (its resources). */
export function OwnedApplicationDetail({ node, applicationId }: { node: MenuNode; applicationId: string }) {
  const t = useSelfApplicationT();
  const labels = useApplicationLabels();
  const owned = useOwnedApplications();
  const record = { isLoading: owned.isLoading, data: owned.data?.find((app) => app.id === applicationId) };
  const text = (value: string | null) => value || <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <DetailPage<Application>
      node={node}
      record={record}
      render={(app) => ({
        title: app.name,
        extra: (
          <LinkButton type="default" size="middle" to={buildPath(node, app.id)}>
            {t('build')}
          </LinkButton>
        ),
        profileTitle: t('details'),
        profile: [
          { key: 'instant', label: t('instant'), children: app.instant },
          { key: 'type', label: t('type'), children: labels.type(app.type) },
          { key: 'state', label: t('state'), children: labels.state(app.state) },
          { key: 'openType', label: t('openType'), children: labels.openType(app.openType) },
          { key: 'pathname', label: t('pathname'), children: text(app.pathname) },
          { key: 'appUrl', label: t('appUrl'), children: text(app.appUrl) },
          { key: 'redirect', label: t('redirect'), children: text(app.redirect) },
          { key: 'appCategory', label: t('appCategory'), children: text(app.appCategory) },
          {
            key: 'category',
            label: t('category'),
            children: app.category.length > 0 ? app.category.map((c) => <Tag key={c}>{c}</Tag>) : text(null),
          },
          { key: 'owner', label: t('owner'), children: text(app.ownerName) },
          { key: 'createdAt', label: t('createdAt'), children: formatTime(app.createdAt) },
          { key: 'updatedAt', label: t('updatedAt'), children: formatTime(app.updatedAt) },
          { key: 'description', label: t('description'), span: 'filled', children: text(app.description) },
        ],
        sections: <OwnerApplicationTabs application={app} />,
      })}
    />
  );
}
