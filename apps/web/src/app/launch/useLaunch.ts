import type { Application } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { accessToken } from '../auth/tokens.ts';
import { launchPath } from './landing.ts';
import { withToken } from './targets.ts';

/** Opens a third-party page in a new tab with the token; must run inside the click (popup blockers). */
export function openInNewTab(app: Pick<Application, 'appUrl'>): void {
  if (app.appUrl) window.open(withToken(app.appUrl, accessToken()), '_blank', 'noopener,noreferrer');
}

/**
 * Launching an application from a click (spec §4, §5): a NewTab third-party page opens in a new tab
 * with the token; every other kind navigates to its route inside the portal. `pending` is the id
 * of the application whose route is being worked out.
 */
export function useLaunch(): { launch: (app: Application) => void; pending: string | null } {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const launch = useCallback(
    (app: Application) => {
      if (app.type === 'WebThird' && app.openType === 'NewTab') return openInNewTab(app);
      setPending(app.id);
      void launchPath(app)
        .then((to) => navigate(to))
        .finally(() => setPending(null));
    },
    [navigate],
  );
  return { launch, pending };
}
