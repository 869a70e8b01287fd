import type { Application } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { launchAddress } from './launchAddress.ts';
import { launchPath } from './landing.ts';

/**
 * Opens a third-party page in a new tab with a token for that application. Must run inside the
 * click (popup blockers): an empty tab is opened at once and sent to the page once the token is in.
 */
export function openInNewTab(app: Pick<Application, 'id' | 'appUrl' | 'singleSignOn'>): void {
  const { appUrl } = app;
  if (!appUrl) return;
  const tab = window.open('', '_blank');
  if (!tab) return;
  tab.opener = null;
  void launchAddress({ ...app, appUrl }).then(
    (address) => tab.location.replace(address),
    () => tab.close(),
  );
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
