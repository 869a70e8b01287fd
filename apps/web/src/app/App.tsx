import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider, type DataRouter } from 'react-router';
import { ProductName } from '../components/productName.ts';
import { ToastHost } from './ToastHost.tsx';
import { useAppStore } from './store/appStore.ts';

/** antd's own texts (pagination, pickers, empty states) in the chosen language; English is built in. */
function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  const chinese = i18n.language === 'zh-CN';
  useEffect(() => {
    let current = true;
    if (chinese) void import('antd/es/locale/zh_CN').then((module) => current && setLocale(module.default));
    else setLocale(undefined);
    return () => {
      current = false;
    };
  }, [chinese]);
  return locale;
}

/**
 * Plain text and links outside antd's widgets (index.html styles them: the sign-in page's labels,
 * router links) follow the theme too: its colours as CSS variables on the document, links in the
 * brand colour as before.
 */
function DocumentColours() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    const { style } = document.documentElement;
    style.setProperty('--portal-text', token.colorText);
    style.setProperty('--portal-link', token.colorPrimary);
    style.setProperty('--portal-background', token.colorBgLayout);
  }, [token.colorText, token.colorPrimary, token.colorBgLayout]);
  return null;
}

/**
 * A busy button's spinner is decoration: antd's own is an image labelled "loading", which joined the
 * button's accessible name (a screen reader heard "loading Save", and tests looking for "Save" missed
 * it, also while the spinner faded out after the work). This one is hidden from assistive technology
 * and leaves with the busy state.
 */
const BUTTON_CONFIG = { loadingIcon: <LoadingOutlined aria-hidden /> };

export function App({ router }: { router: DataRouter }) {
  const theme = useAppStore((state) => state.theme);
  const systemName = useAppStore((state) => state.systemConfig?.systemName ?? state.osConf?.systemName);
  const locale = useAntdLocale();
  return (
    <ConfigProvider
      {...(locale ? { locale } : {})}
      button={BUTTON_CONFIG}
      theme={{
        token: { colorPrimary: theme.brandColor },
        algorithm: theme.mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      <DocumentColours />
      <ToastHost />
      <ProductName value={systemName}>
        <RouterProvider router={router} />
      </ProductName>
    </ConfigProvider>
  );
}
