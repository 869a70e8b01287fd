import { lazy, Suspense } from 'react';

const Bell = lazy(() => import('./NotificationBell.tsx').then((module) => ({ default: module.NotificationBell })));

/**
 * The header bell, loaded after the shell has painted: its code (stream, popover, toasts) stays out
 * of /login and out of the first paint of every signed-in page.
 */
export function NotificationBell() {
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 32 }} aria-hidden />}>
      <Bell />
    </Suspense>
  );
}
