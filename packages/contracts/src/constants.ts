/** Business constants of spec §9. */
export const TOKEN_COOKIE = 'os_token';
export const REFRESH_TOKEN_COOKIE = 'os_refresh_token';
export const IS_REFRESH_TOKEN_FLAG = 'is_refresh_token';
export const REMEMBER_LOGIN_FLAG = 'remember_login';
/** httpOnly cookie holding the sign-in session at the authorization server. */
export const SESSION_COOKIE = 'os_session';

export const LAYOUT_DEFAULTS = { navStyle: 'LEFT', leftMenuWidth: 240, topMenuHeight: 56 } as const;
export const UPDATE_INTERVAL_MS = 5000;
export const THEME_DEFAULTS = { mode: 'light', brandColor: '#304ffe' } as const;
export const LOGIN_STATE_RANGE = { min: 1, max: 500 } as const;
export const MENU_ITEM_WIDTHS = [240, 244, 72, 132] as const;
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;
export const ELEMENT_STATUS = '0';
export const DEFAULT_PRODUCT_NAME = 'Workbench Portal';

/** First path segments the web access check always allows (spec §2). */
export const ALWAYS_ALLOWED_SEGMENTS = [
  '403',
  '404',
  '500',
  'components',
  'login',
  'forget',
  'register',
  'passwordupdate',
  'personalCenter',
  'msgCenter',
  'OSWorkbench',
  'micro',
  'auth',
  'html',
  'studio',
  'webThird',
  'color',
  'applicationManage',
  'build',
] as const;

/** Pages that render without a sign-in (spec §2), and the consent page authorize sends a browser to (issue 28). */
export const PUBLIC_PAGES = [
  'login',
  '403',
  '500',
  '404',
  'forget',
  'register',
  'passwordupdate',
  'boundAccountResult',
  'consent',
] as const;

/** Internal system apps, always allowed (spec §2). */
export const INTERNAL_APPS = ['systemManage', 'personalCenter', 'dataShoppingCart', 'msgCenter'] as const;

/** Whether an application (by its instant) is one of the portal's own sections. */
export const isInternalApp = (instant: string): boolean => (INTERNAL_APPS as readonly string[]).includes(instant);

/** The portal's own OAuth client, registered at first start. */
export const PORTAL_CLIENT_ID = 'portal-web';

/** The languages of the portal's texts (and of what it hands micro apps); the first is the fallback. */
export const LANGUAGES = ['en-US', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * An application token is handed to a third-party page in its address: short-lived, so one left in
 * a history or a log is soon worthless; long enough for the page to start and ask who its user is.
 */
export const APPLICATION_TOKEN_TTL_SECONDS = 300;
