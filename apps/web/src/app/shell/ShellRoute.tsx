import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { HeldResources } from '../../access/useCan.ts';
import { canAccess, isKnownFirstSegment } from '../access/access.ts';
import { startAuthorize } from '../auth/authorize.ts';
import { refreshToken } from '../auth/tokens.ts';
import { ShellLayout } from '../layout/ShellLayout.tsx';
import { queryClient } from '../queryClient.ts';
import { useAppStore } from '../store/appStore.ts';
import { loadShellSession } from './session.ts';

/**
 * Gate of every signed-in page: nothing renders before a refresh token exists (spec §4); without
 * one the authorization-code flow starts. Then the member, the permitted menu, the applications in
 * the user's order and the user's look are loaded.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  const { osConf } = useAppStore.getState();
  // Start-up guarantees osConf, or the browser is already on its way to /500.
  if (!refreshToken() && osConf) return startAuthorize(osConf, target);
  await loadShellSession(target);
  return null;
}

/** Member and menu are cached for the session; moving between pages need not reload them. */
export const shouldRevalidate = (): boolean => false;

/**
 * The access check (spec §5) on every location, then the shell around the page. Server state
 * (TanStack Query) and the user's resources (for `useCan`) are provided here rather than at the root,
 * keeping them out of the /login bundle.
 */
export function Component() {
  const { pathname } = useLocation();
  const { resources, menu } = useAppStore(useShallow((s) => ({ resources: s.resources, menu: s.menuConfig.menu })));
  if (isKnownFirstSegment(pathname, resources) && !canAccess(pathname, resources, menu)) {
    return <Navigate to="/403" replace />;
  }
  return (
    <QueryClientProvider client={queryClient}>
      <HeldResources value={resources}>
        <ShellLayout>
          <Outlet />
        </ShellLayout>
      </HeldResources>
    </QueryClientProvider>
  );
}
