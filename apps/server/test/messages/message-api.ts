import { MESSAGE_ENGINE_PREFIX } from '@portal/contracts';

/** The message centre's API of a server process over HTTP, as the holder of `token`: JSON in and out, a non-2xx thrown. */
export function messageApi(url: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${MESSAGE_ENGINE_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
