import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { onTestFinished } from 'vitest';
import { http } from '../api/http.ts';

/**
 * Answers every request of the one HTTP client with `data` (or the status) until the test ends,
 * keeping what was sent: the config as the adapter gets it, after the interceptors and the
 * request transforms, so `data` is the body as it goes on the wire. Imported by tests only.
 */
export function answerWith(data: unknown, status = 200): InternalAxiosRequestConfig[] {
  const original = http.defaults.adapter;
  onTestFinished(() => {
    http.defaults.adapter = original;
  });
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    sent.push(config);
    const response = { data, status, statusText: '', headers: {}, config };
    // As axios's own adapters do: the client's validateStatus decides what is a failure.
    if (config.validateStatus?.(status)) return Promise.resolve(response);
    return Promise.reject(new AxiosError(`status ${status}`, 'ERR_BAD_REQUEST', config, null, response));
  };
  http.defaults.adapter = adapter;
  return sent;
}
