import { Empty, Result } from 'antd';
import { useParams } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { studioPath } from '../../app/launch/targets.ts';
import { ApplicationFrame, NotYourApplication } from '../../app/shell/ApplicationFrame.tsx';
import { findMenuNode, useApplicationPages } from '../../app/shell/useApplicationPages.ts';
import { useStudioT } from './messages.ts';

/**
 * /studio/{applicationId}[/{menuId}]: a low-code (WebStudio) application with its own menu. The
 * low-code runtime that renders its pages comes in a later issue; until then a page says so.
 */
export function Component() {
  const t = useStudioT();
  const { applicationId = '', menuId } = useParams();
  const { app, loading, pages, pagesLoading } = useApplicationPages((apps) => apps.find((candidate) => candidate.id === applicationId));
  if (loading) return <PageSpinner />;
  if (!app) return <NotYourApplication />;
  const selected = menuId ? findMenuNode(pages, menuId) : undefined;
  const content = () => {
    if (!menuId) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={app.description || t('choosePage')} />;
    if (pagesLoading) return null;
    if (!selected) return <Result status="404" subTitle={t('pageNotFound')} />;
    return (
      <Empty
        description={
          <>
            {t('noContent')}
            <br />
            {t('noContentHint')}
          </>
        }
      />
    );
  };
  return (
    <ApplicationFrame app={app} pages={pages} loading={pagesLoading} selected={selected} hrefOf={(node) => studioPath(app.id, node.id)}>
      {content()}
    </ApplicationFrame>
  );
}
