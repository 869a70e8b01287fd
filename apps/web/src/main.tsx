import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installResponseHandling } from './app/api/client.ts';
import { refreshToken } from './app/auth/tokens.ts';
import { isPublicPath } from './app/auth/urls.ts';
import { bootstrap } from './app/bootstrap.ts';
import { initI18n, showDefaultLanguage } from './app/i18n/index.ts';
import { createRouter } from './app/router.tsx';
import { useAppStore } from './app/store/appStore.ts';

installResponseHandling();

// A signed-in page restored from the back/forward cache after sign-out must not show again.
window.addEventListener('pageshow', (event) => {
  if (event.persisted && !isPublicPath(window.location.pathname) && !refreshToken()) window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void Promise.all([initI18n(), bootstrap()]).then(async () => {
  await showDefaultLanguage(useAppStore.getState().systemConfig?.defaultLanguage);
  const router = createRouter();
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
