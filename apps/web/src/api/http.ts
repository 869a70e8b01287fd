import axios from 'axios';
import { accessToken } from './credentials.ts';
import { isSuccess } from './errors.ts';
import { isOAuthUrl, serializeParams } from './query.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows its own error (inline or a specific toast): no generic toast. */
    silent?: boolean;
    /** Calls where a 401 must not start a token refresh (the token endpoint itself). */
    skipAuthRefresh?: boolean;
    /** Set on the one repeat after a refresh. */
    retried?: boolean;
  }
}

/** The one HTTP client of the portal: same origin, bearer token, the server's query format. */
export const http = axios.create({ baseURL: '', validateStatus: isSuccess });

http.interceptors.request.use((config) => {
  const token = accessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  const oauth = isOAuthUrl(config.url);
  config.paramsSerializer = { serialize: (params) => serializeParams(params, oauth) };
  return config;
});
