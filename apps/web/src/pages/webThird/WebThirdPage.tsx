import { ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { usableAccessToken } from '../../app/auth/usableToken.ts';
import { withToken } from '../../app/launch/targets.ts';
import { openInNewTab } from '../../app/launch/useLaunch.ts';
import { useApplicationPages } from '../../app/shell/useApplicationPages.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { AppIcon } from '../../app/workbench/AppIcon.tsx';
import { useWebThirdT } from './messages.ts';

/** What a framed third-party page may do: run, keep its own origin, submit forms, open popups; never navigate the portal. */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

/**
 * /webThird?appUrl=&openType=: a third-party application's page inside the shell, with the access
 * token appended (spec §5). Only an address that is one of the user's WebThird applications gets the
 * token: a crafted link cannot send it elsewhere.
 */
export function Component() {
  const t = useWebThirdT();
  const [params] = useSearchParams();
  const appUrl = params.get('appUrl') ?? '';
  const topMenuHeight = useAppStore((state) => state.layoutConfig.topMenuHeight);
  const { app, loading } = useApplicationPages((apps) =>
    apps.find((candidate) => candidate.type === 'WebThird' && candidate.appUrl === appUrl),
  );
  const framed = app?.openType === 'NewTab' ? undefined : (app?.appUrl ?? undefined);
  const src = useFramedAddress(framed);
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
 * The framed page's address with a token that still has time to live. Taken once per address: a
 * token refreshed later does not reload the framed page.
 */
function useFramedAddress(appUrl: string | undefined): string | undefined {
  const [framed, setFramed] = useState<{ appUrl: string; src: string }>();
  useEffect(() => {
    if (!appUrl) return;
    let current = true;
    void usableAccessToken().then((token) => {
      if (current) setFramed({ appUrl, src: withToken(appUrl, token) });
    });
    return () => {
      current = false;
    };
  }, [appUrl]);
  return framed && framed.appUrl === appUrl ? framed.src : undefined;
}
