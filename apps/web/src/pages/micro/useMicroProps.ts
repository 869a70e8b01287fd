import type { Application, MicroAppProps, MicroMenuEntry } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { accessToken } from '../../app/auth/tokens.ts';
import { refreshedAccessToken } from '../../app/auth/usableToken.ts';
import { useAppStore } from '../../app/store/appStore.ts';
import { microLanguage } from './microMenu.ts';
import { microPath } from '../../app/launch/targets.ts';

/** What the shell hands the micro app; a new object only when something it shows has changed. */
export function useMicroProps(app: Application, menuId: string, menu: MicroMenuEntry[], resources: string[]): MicroAppProps {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const language = microLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { theme, user } = useAppStore(useShallow((state) => ({ theme: state.theme, user: state.userInfo })));
  return useMemo(
    () => ({
      apiBase: window.location.origin,
      getToken: accessToken,
      // For the micro app's 401.
      refreshToken: refreshedAccessToken,
      ...(user ? { user: { id: user.id, username: user.username, name: user.name } } : {}),
      theme: { mode: theme.mode, brandColor: theme.brandColor },
      language,
      menuId,
      menu,
      resources,
      navigate: (target: string) => {
        if (target !== menuId) navigate(microPath(app.id, target));
      },
      hrefOf: (target: string) => microPath(app.id, target),
    }),
    [app.id, language, menu, menuId, navigate, resources, theme, user],
  );
}
