import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { RouteError } from '../components/RouteError.tsx';

const placeholder = () => import('../pages/placeholder/PlaceholderPage.tsx');

/** Public pages not built yet: reachable without sign-in, showing a placeholder for now. */
const PUBLIC_PLACEHOLDERS = ['forget', 'register', 'passwordupdate', 'boundAccountResult'];

/** Routes of the shell (signed in): the workbench, app hosts, and every console page from the menu. */
const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/OSWorkbench" replace /> },
  { path: 'OSWorkbench', lazy: () => import('../pages/OSWorkbench/WorkbenchPage.tsx') },
  { path: 'micro/*', lazy: placeholder },
  { path: 'studio/*', lazy: placeholder },
  { path: 'webThird', lazy: placeholder },
  { path: '*', lazy: () => import('./shell/ConsoleRoute.tsx') },
];

/** Every page is its own lazily loaded module, so /login loads only what it needs. */
const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { path: 'login', lazy: () => import('../pages/login/LoginPage.tsx') },
      { path: '403', lazy: () => import('../pages/403/ForbiddenPage.tsx') },
      { path: '404', lazy: () => import('../pages/404/NotFoundPage.tsx') },
      { path: '500', lazy: () => import('../pages/500/ServerErrorPage.tsx') },
      ...PUBLIC_PLACEHOLDERS.map((path): RouteObject => ({ path, lazy: placeholder })),
      { path: 'auth', lazy: () => import('../pages/auth/AuthPage.tsx') },
      { lazy: () => import('./shell/ShellRoute.tsx'), children: shellRoutes },
    ],
  },
];

/**
 * A data router starts loading the current location's modules and loaders as soon as it is
 * created, so it must be created only after start-up (configuration, sign-in callback) is done.
 */
export const createRouter = () => createBrowserRouter(routes);
