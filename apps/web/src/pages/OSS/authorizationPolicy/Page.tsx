import { Tabs, Typography } from 'antd';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { KeyTab } from './KeyTab.tsx';
import { useOssKeysT } from './messages.ts';

const OWN_RIGHTS = { create: true, update: true, remove: true };

/**
 * OSS:authorizationPolicy: S3 access keys. Every signed-in user manages their own (v1); holders of
 * the page's points see and manage every user's keys (v2), each action behind its own point.
 */
export function Component({ node }: ConsolePageProps) {
  const t = useOssKeysT();
  const every = {
    query: useCan(POINTS.accessKey.query),
    create: useCan(POINTS.accessKey.create),
    update: useCan(POINTS.accessKey.update),
    remove: useCan(POINTS.accessKey.delete),
  };
  const tabs = [
    { key: 'own', label: t('ownTab'), children: <KeyTab scope="own" rights={OWN_RIGHTS} /> },
    ...(every.query ? [{ key: 'every', label: t('everyTab'), children: <KeyTab scope="every" rights={every} /> }] : []),
  ];
  return (
    <AdminPage title={node.title || t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs items={tabs} destroyOnHidden />
    </AdminPage>
  );
}
