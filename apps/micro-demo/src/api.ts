import type { MicroAppProps } from '@portal/contracts';

type Session = Pick<MicroAppProps, 'apiBase' | 'getToken' | 'refreshToken'>;

/** The member record of GET /api/reception-center/member/who (the fields this app shows). */
export interface Who {
  id: string;
  username: string;
  name: string;
}

export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

const send = (apiBase: string, path: string, token: string | undefined, signal?: AbortSignal) =>
  fetch(new URL(path, apiBase), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });

/**
 * GET on the portal's API with the shell's access token. Access tokens are short-lived: after a 401
 * the shell refreshes them (shared with its own calls) and the request is repeated once.
 */
export async function getJson<T>(session: Session, path: string, signal?: AbortSignal): Promise<T> {
  let response = await send(session.apiBase, path, session.getToken(), signal);
  if (response.status === 401) {
    const fresh = await session.refreshToken();
    if (fresh) response = await send(session.apiBase, path, fresh, signal);
  }
  if (!response.ok) throw new HttpError(response.status);
  return (await response.json()) as T;
}

export const fetchWho = (session: Session, signal?: AbortSignal) => getJson<Who>(session, '/api/reception-center/member/who', signal);
