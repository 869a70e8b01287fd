import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installResponseHandling } from './app/api/client.ts';
import { bootstrap } from './app/bootstrap.ts';
import { initI18n } from './app/i18n/index.ts';

installResponseHandling();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void Promise.all([initI18n(), bootstrap()]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
