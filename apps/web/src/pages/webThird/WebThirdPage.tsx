import { ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { launchAddress } from '../../app/launch/launchAddress.ts';
import { openInNewTab } from '../../app/launch/useLaunch.ts';
import { useApplicationPages } from '../../app/shell/useApplicationPages.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { AppIcon } from '../../app/workbench/AppIcon.tsx';
import { useWebThirdT } from './messages.ts';

/** What a framed third-party page may do: run, keep its own origin, submit forms, open popups; never navigate the portal. */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

/**
 * /webThird?appUrl=&openType=: a third-party application's page inside the shell, with a token for
 * that application appended (spec §5; never the portal's own token). Only an address that is one of
 * the user's WebThird applications gets a token: a crafted link cannot send one elsewhere. One that
 * has a web client opens at its address as it is and signs its user in by OpenID Connect.
 */
export function Component() {
  const t = useWebThirdT();
  const [params] = useSearchParams();
  const appUrl = params.get('appUrl') ?? '';
  const topMenuHeight = useAppStore((state) => state.layoutConfig.topMenuHeight);
  const { app, loading } = useApplicationPages((apps) =>
    apps.find((candidate) => candidate.type === 'WebThird' && candidate.appUrl === appUrl),
  );
  const framed =
    app?.openType === 'NewTab' || !app?.appUrl ? undefined : { id: app.id, appUrl: app.appUrl, singleSignOn: app.singleSignOn };
  const src = useFramedAddress(framed);
  if (src === null) return <Result status="error" title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('noToken')}</h1>} />;
  if (loading || (framed && !src)) return <PageSpinner />;
  if (!app) return <Result status="warning" title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('notYours')}</h1>} />;
  const openButton = (
    <Button icon={<ExportOutlined />} onClick={() => openInNewTab(app)}>
      {t('openNewTab')}
    </Button>
  );
  if (app.openType === 'NewTab')
    return <Result icon={<AppIcon app={app} size={64} />} title={t('newTabOnly', { name: app.name })} extra={openButton} />;
  return (
    <Flex vertical gap={12} style={{ height: `calc(100vh - ${topMenuHeight + 48}px)` }}>
      <Flex justify="space-between" align="center" gap={12}>
        <Flex gap={8} align="center">
          <AppIcon app={app} size={28} />
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {app.name}
          </Typography.Title>
        </Flex>
        {openButton}
      </Flex>
      <iframe
        title={t('frameTitle', { name: app.name })}
        src={src}
        sandbox={FRAME_SANDBOX}
        referrerPolicy="no-referrer"
        style={{ flex: 1, width: '100%', border: 'none', borderRadius: 8, background: '#fff' }}
      />
    </Flex>
  );
}

/**
 * The framed page's address with a token for its application; null when none could be had (the
 * shared client has shown why). Taken once per address: the framed page is not reloaded later.
 */
function useFramedAddress(app: { id: string; appUrl: string; singleSignOn?: boolean | undefined } | undefined): string | null | undefined {
  const [framed, setFramed] = useState<{ appUrl: string; src: string | null }>();
  const id = app?.id;
  const appUrl = app?.appUrl;
  const singleSignOn = app?.singleSignOn;
  useEffect(() => {
    if (!id || !appUrl) return;
    let current = true;
    void launchAddress({ id, appUrl, singleSignOn }).then(
      (src) => current && setFramed({ appUrl, src }),
      () => current && setFramed({ appUrl, src: null }),
    );
    return () => {
      current = false;
    };
  }, [id, appUrl, singleSignOn]);
  return framed && framed.appUrl === appUrl ? framed.src : undefined;
}
