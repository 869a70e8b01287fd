import { isAxiosError, type AxiosError, type AxiosResponse } from 'axios';
import i18n from 'i18next';
import { currentPath, signInAgain } from '../auth/authorize.ts';
import { useAppStore } from '../store/appStore.ts';
import { TIMEOUT_STATUS, errorToastText } from '../../api/errors.ts';
import { http } from '../../api/http.ts';
import { toastError } from './notify.ts';
import { refreshTokens } from './refresh.ts';

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

const statusOf = (error: AxiosError): number | undefined =>
  error.response?.status ?? (error.code && TIMEOUT_CODES.has(error.code) ? TIMEOUT_STATUS : undefined);

async function onError(error: unknown): Promise<AxiosResponse> {
  if (!isAxiosError(error) || !error.config) throw error;
  const { config } = error;
  const status = statusOf(error);
  if (status === 401 && !config.skipAuthRefresh && !config.retried) {
    if (await refreshTokens()) return http.request({ ...config, retried: true });
    return signInAgain(useAppStore.getState().osConf, currentPath());
  }
  if (!config.silent) {
    const text = errorToastText(status, error.response?.data, (s) =>
      s === undefined ? i18n.t('error.network') : i18n.t('error.status', { status: s }),
    );
    if (text) toastError(text);
  }
  throw error;
}

/** Installs the 401 refresh-and-repeat and the error toasts on the shared client (once, at start). */
export function installResponseHandling(): void {
  http.interceptors.response.use((response) => response, onError);
}
