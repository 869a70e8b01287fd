import type { MenuNode } from '@portal/contracts';
import { Button, Card, Descriptions, Flex, Result, Spin, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from './AdminPage.tsx';
import { pagePath } from './pagePaths.ts';
import { LinkButton } from './LinkButton.tsx';
import './messages.ts';

/** What a detail view shows once its record has loaded. */
export interface DetailView {
  title: ReactNode;
  /** Actions beside the title, before the edit button. */
  extra?: ReactNode;
  /** Shows a primary edit button calling this (leave it out when the caller may not edit). */
  onEdit?: (() => void) | undefined;
  profileTitle: ReactNode;
  profile: DescriptionsProps['items'];
  /** What follows the profile card (assignments, tabs). */
  sections: ReactNode;
  /** Dialogs opened from the page. */
  modals?: ReactNode;
}

interface DetailPageProps<T> {
  node: MenuNode;
  record: { isLoading: boolean; data?: T | undefined };
  render(record: T): DetailView;
}

/**
 * Frame of a record's detail view: a spinner while it loads, a 404 with a way back when it is not
 * there, else the page with the record's profile card above its sections.
 */
export function DetailPage<T>({ node, record, render }: DetailPageProps<T>) {
  const { t } = useTranslation();
  const back = pagePath(node);
  if (record.isLoading) return <Spin />;
  if (!record.data)
    return <Result status="404" title={t('adminKit.notFound')} extra={<LinkButton to={back}>{t('adminKit.back')}</LinkButton>} />;
  const view = render(record.data);
  const actions =
    view.extra || view.onEdit ? (
      <>
        {view.extra}
        {view.onEdit && (
          <Button type="primary" onClick={view.onEdit}>
            {t('adminKit.edit')}
          </Button>
        )}
      </>
    ) : undefined;

  return (
    <AdminPage title={view.title} backTo={back} extra={actions}>
      <Flex vertical gap={16}>
        <Card title={view.profileTitle}>
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} items={view.profile} />
        </Card>
        {view.sections}
      </Flex>
      {view.modals}
    </AdminPage>
  );
}
