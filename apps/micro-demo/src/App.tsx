import type { MicroAppProps } from '@portal/contracts';
import { useMemo } from 'react';
import { translator } from './messages.ts';
import { Overview } from './pages/Overview.tsx';
import { Profile } from './pages/Profile.tsx';
import { Restricted } from './pages/Restricted.tsx';
import { ROOT_CLASS, STYLES, themeVariables } from './theme.ts';

/** The page follows props.menuId, which the shell takes from its address bar (back/forward included). */
export function App(app: MicroAppProps) {
  const t = useMemo(() => translator(app.language), [app.language]);
  const page = (() => {
    switch (app.menuId) {
      case 'home':
        return <Overview app={app} t={t} />;
      case 'profile':
        return <Profile app={app} t={t} />;
      case 'admin':
        return <Restricted t={t} />;
      default:
        return <p role="alert">{t('unknownPage', { name: app.menuId })}</p>;
    }
  })();
  return (
    <div className={ROOT_CLASS} style={themeVariables(app.theme)} lang={app.language} data-theme={app.theme.mode}>
      <style>{STYLES}</style>
      <p className="md-app">{t('appName')}</p>
      {page}
    </div>
  );
}
