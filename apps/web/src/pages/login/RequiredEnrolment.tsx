import type { TotpEnrolment } from '@portal/contracts';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { startRequiredEnrolment } from '../../app/api/oauth.ts';
import { TotpKey } from '../../components/account/TotpKey.tsx';
import { apiErrorOf } from '../../components/admin/apiErrors.ts';
import { useSignInCodeT } from './totpMessages.ts';

/**
 * The key of the authenticator app the settings require, started once for the sign-in's ticket; a
 * refusal (the ticket expired) goes back to the password step with its reason.
 */
export function RequiredEnrolment({ ticket, onRestart }: { ticket: string; onRestart: (reason?: string) => void }) {
  const t = useSignInCodeT();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  // The latest callback, so a new one from the parent does not start the set-up again.
  const restart = useRef(onRestart);
  useEffect(() => {
    restart.current = onRestart;
  });

  useEffect(() => {
    let current = true;
    startRequiredEnrolment(ticket).then(
      (started) => current && setEnrolment(started),
      (caught: unknown) => current && restart.current(apiErrorOf(caught)?.message),
    );
    return () => {
      current = false;
    };
  }, [ticket]);

  if (!enrolment) return <Spin style={{ display: 'block', margin: '16px auto' }} />;
  return <TotpKey enrolment={enrolment} texts={{ scan: t('scan'), qrLabel: t('qrLabel'), manual: t('manual') }} />;
}
