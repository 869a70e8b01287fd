import type { QrCode } from '@portal/contracts';
import { useCallback, useEffect, useState } from 'react';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { pollQrSignIn, startQrSignIn } from '../../app/api/oauth.ts';
import { FIRST_LANDING, safeLocalPath } from '../../app/auth/urls.ts';

const POLL_MS = 2000;

export type QrStatus = 'loading' | 'active' | 'expired' | 'approved' | QrRefusal;

/** What ends a round for good: QR sign-in switched off, or an account that must first set up an authenticator app. */
export type QrRefusal = 'optionOff' | 'enrolFirst';

const REFUSALS: Record<string, QrRefusal> = { SIGN_IN_OPTION_OFF: 'optionOff', MFA_ENROLMENT_REQUIRED: 'enrolFirst' };

/** A poll's failure: a refusal ends the round; anything else (e.g. a network blip) counts as still pending. */
export const pollFailure = (error: unknown) => {
  const refusal = REFUSALS[apiErrorOf(error)?.code ?? ''];
  return refusal ? { status: refusal, redirect: undefined } : { status: 'pending' as const, redirect: undefined };
};

/**
 * One QR sign-in round: fetches a code, polls its result every 2 s while pending and, once
 * approved, follows `next` or the server's redirect. `restart` begins a new round.
 */
export function useQrSignIn(next: string | undefined) {
  const [round, setRound] = useState(0);
  const [code, setCode] = useState<QrCode>();
  const [status, setStatus] = useState<QrStatus>('loading');

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (qrId: string) => {
      const result = await pollQrSignIn(qrId).catch(pollFailure);
      if (!live) return;
      if (result.status === 'pending') {
        timer = setTimeout(() => void poll(qrId), POLL_MS);
        return;
      }
      setStatus(result.status);
      if (result.status === 'approved') window.location.assign(safeLocalPath(next ?? result.redirect, FIRST_LANDING));
    };
    setStatus('loading');
    startQrSignIn()
      .then((started) => {
        if (!live) return;
        setCode(started);
        setStatus('active');
        timer = setTimeout(() => void poll(started.qrId), POLL_MS);
      })
      .catch(() => live && setStatus('expired'));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [round, next]);

  const restart = useCallback(() => setRound((value) => value + 1), []);
  return { code, status, restart };
}
