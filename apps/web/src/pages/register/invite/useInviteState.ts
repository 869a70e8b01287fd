import type { InviteState } from '@portal/contracts';
import { useCallback, useEffect, useState } from 'react';
import { fetchInviteState } from '../../../components/account/openAccountApi.ts';
import { apiErrorOf } from '../../../components/admin/apiErrors.ts';

export type InviteLookup =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'invalid' }
  | { status: 'failed'; error: unknown }
  | { status: 'found'; invite: InviteState };

/** What the invitation behind `token` is for and whether it can still be used; `reload` asks again. */
export function useInviteState(token: string | null) {
  const [lookup, setLookup] = useState<InviteLookup>(token ? { status: 'loading' } : { status: 'missing' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    setLookup({ status: 'loading' });
    fetchInviteState(token)
      .then((invite) => live && setLookup({ status: 'found', invite }))
      .catch((error: unknown) => {
        if (!live) return;
        const status = apiErrorOf(error)?.status;
        setLookup(status === 404 || status === 400 ? { status: 'invalid' } : { status: 'failed', error });
      });
    return () => {
      live = false;
    };
  }, [token, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { lookup, reload };
}
