import { TOKEN_COOKIE } from '@portal/contracts';
import Cookies from 'js-cookie';

/**
 * The access token the client sends, read from its cookie. Only reading lives here, below the
 * shell: signing in, refreshing and signing out write the cookies (app/auth/tokens.ts).
 */
export const accessToken = (): string | undefined => Cookies.get(TOKEN_COOKIE);
