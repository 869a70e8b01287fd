import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { RouteError } from '../components/RouteError.tsx';

/** Routes of the shell (signed in): the workbench, app hosts, and every console page from the menu. */
const shellRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./launch/FirstLanding.tsx') },
  { path: 'OSWorkbench', lazy: () => import('../pages/OSWorkbench/WorkbenchPage.tsx') },
  { path: 'micro/:appId/:menuId?', lazy: () => import('../pages/micro/MicroAppPage.tsx') },
  { path: 'studio/:applicationId/:menuId?', lazy: () => import('../pages/studio/StudioPage.tsx') },
  { path: 'webThird', lazy: () => import('../pages/webThird/WebThirdPage.tsx') },
  { path: 'msgCenter', lazy: () => import('../pages/msgCenter/MsgCenterPage.tsx') },
  { path: '*', lazy: () => import('./shell/ConsoleRoute.tsx') },
];

/** The sign-in gate, layout and menu around every page of the shell. */
const shellRoute: RouteObject = { lazy: () => import('./shell/ShellRoute.tsx'), children: shellRoutes };

/** Every page is its own lazily loaded module, so /login loads only what it needs. */
const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { path: 'login', lazy: () => import('../pages/login/LoginPage.tsx') },
      { path: 'register', lazy: () => import('../pages/register/RegisterPage.tsx') },
      { path: 'register/invite', lazy: () => import('../pages/register/invite/InvitePage.tsx') },
      { path: 'forget', lazy: () => import('../pages/forget/ForgetPage.tsx') },
      { path: 'boundAccountResult', lazy: () => import('../pages/boundAccountResult/BoundAccountResultPage.tsx') },
      { path: '403', lazy: () => import('../pages/403/ForbiddenPage.tsx') },
      { path: '404', lazy: () => import('../pages/404/NotFoundPage.tsx') },
      { path: '500', lazy: () => import('../pages/500/ServerErrorPage.tsx') },
      { path: 'passwordupdate', lazy: () => import('../pages/passwordupdate/PasswordUpdatePage.tsx') },
      { path: 'auth', lazy: () => import('../pages/auth/AuthPage.tsx') },
      { path: 'consent', lazy: () => import('../pages/consent/ConsentPage.tsx') },
      shellRoute,
    ],
  },
];

/**
 * Whether `pathname` is a page of the shell, which only a signed-in user may see. Start-up asks it
 * before the router exists: a router would load the shell's code for such a page before its sign-in
 * gate could send a stranger to /login.
 */
export const isShellPage = (pathname: string): boolean => matchRoutes(routes, pathname)?.some(({ route }) => route === shellRoute) ?? false;

/**
 * A data router starts loading the current location's modules and loaders as soon as it is
 * created, so it must be created only after start-up (configuration, sign-in callback) is done.
 */
export const createRouter = () => createBrowserRouter(routes);
