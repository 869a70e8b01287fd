import type { MicroAppProps } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { fetchWho, HttpError, type Who } from '../api.ts';
import type { Translate } from '../messages.ts';

type WhoState = { state: 'loading' } | { state: 'done'; who: Who } | { state: 'failed'; status: number | null };

/** Reads the member with the shell's token: proof that the micro app calls the portal's API as the user. */
export function Profile({ app, t }: { app: MicroAppProps; t: Translate }) {
  const [who, setWho] = useState<WhoState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { apiBase, getToken, refreshToken } = app;

  useEffect(() => {
    const abort = new AbortController();
    setWho({ state: 'loading' });
    fetchWho({ apiBase, getToken, refreshToken }, abort.signal).then(
      (member) => setWho({ state: 'done', who: member }),
      (error: unknown) => {
        if (!abort.signal.aborted) setWho({ state: 'failed', status: error instanceof HttpError ? error.status : null });
      },
    );
    return () => abort.abort();
  }, [apiBase, getToken, refreshToken, attempt]);

  return (
    <section aria-busy={who.state === 'loading'}>
      <h1>{t('profileTitle')}</h1>
      {who.state === 'loading' && (
        <p className="md-muted" role="status">
          {t('loading')}
        </p>
      )}
      {who.state === 'done' && (
        <div className="md-card">
          <p style={{ margin: 0, fontSize: 16 }}>{t('signedInAs', { name: who.who.name })}</p>
          <p className="md-muted" style={{ margin: 0 }}>
            {t('username', { username: who.who.username })}
          </p>
        </div>
      )}
      {who.state === 'failed' && (
        <div role="alert" className="md-card">
          <p style={{ marginTop: 0 }}>{who.status === null ? t('networkFailed') : t('whoFailed', { status: who.status })}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      )}
    </section>
  );
}
