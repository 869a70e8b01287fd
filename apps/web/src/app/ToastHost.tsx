import { useEffect, useState, type ComponentType } from 'react';
import { onToastWaiting } from './api/notify.ts';
import { refreshToken } from './auth/tokens.ts';

/**
 * Mounts the message host (antd's themed toasts) when it is needed: at once for a signed-in user,
 * whose pages raise toasts; on a stranger's way to /login only when a toast is raised, so that
 * path loads no toast code (antd's <App> would put it into the start-up bundle instead). A load that
 * fails (the network is down) is tried again with the next toast.
 */
export function ToastHost() {
  const [Host, setHost] = useState<ComponentType>();
  useEffect(() => {
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      import('./MessageHost.tsx').then(
        (module) => setHost(() => module.MessageHost),
        () => void (loading = false),
      );
    };
    if (refreshToken()) load();
    onToastWaiting(load);
  }, []);
  return Host ? <Host /> : null;
}
