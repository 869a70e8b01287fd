import { ConfigProvider, theme as antdTheme } from 'antd';
import { Suspense, lazy } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { useAppStore } from './store/appStore.ts';

/**
 * Toasts are not needed to paint the first page, so their code loads right after it. (antd's <App>
 * would also put modal and notification into the start-up bundle, which /login cannot afford.)
 */
const MessageHost = lazy(() => import('./MessageHost.tsx').then((module) => ({ default: module.MessageHost })));

export function App({ router }: { router: DataRouter }) {
  const theme = useAppStore((state) => state.theme);
  return (
    <ConfigProvider
      theme={{
        token: { colorPrimary: theme.brandColor },
        algorithm: theme.mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      <Suspense>
        <MessageHost />
      </Suspense>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
