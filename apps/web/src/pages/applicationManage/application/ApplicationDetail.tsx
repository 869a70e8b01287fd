import type { Application, MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../access/useCan.ts';
import { pagePath } from '../../../components/admin/pagePaths.ts';
import { DetailPage } from '../../../components/admin/DetailPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { APPLICATION_KEY, fetchApplication } from './api.ts';
import { ApplicationActions } from './ApplicationActions.tsx';
import { ApplicationFormModal } from './ApplicationFormModal.tsx';
import { ConsoleApplicationTabs } from './applicationTabs.tsx';
import { BuildButton } from './BuildButton.tsx';
import { StateTag, TypeTag } from './ApplicationTags.tsx';
import { TYPE_FIELDS } from './applicationValues.ts';
import { useAppT } from './messages.ts';
import { OwnerModal } from './OwnerModal.tsx';
import { POINTS } from '../../../access/points.ts';
import '../../../components/admin/messages.ts';

const orDash = (value: string | null) => value ?? '—';

/** The profile card's rows: common fields, then the launch fields the type uses. */
function profileOf(application: Application, t: TFunction, tk: TFunction): DescriptionsProps['items'] {
  const uses = TYPE_FIELDS[application.type];
  return [
    { key: 'instant', label: t('instant'), children: <code>{application.instant}</code> },
    { key: 'type', label: t('type'), children: <TypeTag application={application} /> },
    { key: 'state', label: t('state'), children: <StateTag state={application.state} /> },
    ...(uses.pathname ? [{ key: 'pathname', label: t('pathname'), children: orDash(application.pathname) }] : []),
    ...(uses.appUrl
      ? [{ key: 'appUrl', label: application.type === 'MicroWeb' ? t('appUrlMicro') : t('appUrl'), children: orDash(application.appUrl) }]
      : []),
    ...(uses.openType ? [{ key: 'openType', label: t('openType'), children: t(`openTypes.${application.openType}`) }] : []),
    { key: 'redirect', label: t('redirect'), children: orDash(application.redirect) },
    {
      key: 'category',
      label: t('category'),
      children:
        application.category.length > 0 ? (
          <Flex wrap gap={4}>
            {application.category.map((group) => (
              <Tag key={group}>{group}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    { key: 'appCategory', label: t('appCategory'), children: orDash(application.appCategory) },
    { key: 'owner', label: t('owner'), children: application.ownerName ?? t('noOwner') },
    { key: 'icon', label: t('icon'), children: orDash(application.icon) },
    { key: 'sort', label: t('sort'), children: application.sort },
    { key: 'createdAt', label: tk('adminKit.createdAt'), children: formatTime(application.createdAt) },
    { key: 'updatedAt', label: t('updatedAt'), children: formatTime(application.updatedAt) },
    { key: 'description', label: tk('adminKit.description'), children: orDash(application.description) },
  ];
}

/** One application: its profile with its actions and build entry, then its tabs (resources, OAuth clients). */
export function ApplicationDetail({ node, applicationId }: { node: MenuNode; applicationId: string }) {
  const t = useAppT();
  const { t: tk } = useTranslation();
  const navigate = useNavigate();
  const canUpdate = useCan(POINTS.application.update);
  const [editing, setEditing] = useState(false);
  const [handingOver, setHandingOver] = useState(false);
  const application = useQuery({ queryKey: [...APPLICATION_KEY, 'detail', applicationId], queryFn: () => fetchApplication(applicationId) });

  return (
    <DetailPage
      node={node}
      record={application}
      render={(profile) => ({
        title: profile.name,
        extra: (
          <>
            <ApplicationActions
              application={profile}
              onChangeOwner={() => setHandingOver(true)}
              onDeleted={() => void navigate(pagePath(node), { replace: true })}
            />
            <BuildButton application={profile} />
          </>
        ),
        onEdit: canUpdate ? () => setEditing(true) : undefined,
        profileTitle: t('profile'),
        profile: profileOf(profile, t, tk),
        sections: <ConsoleApplicationTabs application={profile} />,
        modals: (
          <>
            <ApplicationFormModal editing={editing ? profile : null} onClose={() => setEditing(false)} />
            <OwnerModal application={handingOver ? profile : null} onClose={() => setHandingOver(false)} />
          </>
        ),
      })}
    />
  );
}
