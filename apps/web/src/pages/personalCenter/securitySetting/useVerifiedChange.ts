import type { MfaPurpose } from '@portal/contracts';
import { useCallback, useRef, useState } from 'react';

type Stage = { step: 'verify'; purpose: MfaPurpose } | { step: 'change'; purpose: MfaPurpose; token: string } | null;
type WithToken = (token: string) => void;

/**
 * A sensitive change in two steps: confirm it is you (an mfa_token for the purpose), then make the
 * change with that token. `verifying` drives VerifyIdentityModal. Started with `then`, the token
 * goes straight to it; otherwise `tokenFor(purpose)` holds it for the change's own dialog.
 */
export function useVerifiedChange() {
  const [stage, setStage] = useState<Stage>(null);
  const then = useRef<WithToken | undefined>(undefined);
  const start = useCallback((purpose: MfaPurpose, next?: WithToken) => {
    then.current = next;
    setStage({ step: 'verify', purpose });
  }, []);
  // The verification dialog closes after it succeeded too: only a verification still open ends the flow.
  const cancelVerify = useCallback(() => setStage((current) => (current?.step === 'verify' ? null : current)), []);
  const verified = useCallback(
    (token: string) => {
      const next = then.current;
      then.current = undefined;
      if (next) {
        setStage(null);
        next(token);
      } else if (stage?.step === 'verify') setStage({ step: 'change', purpose: stage.purpose, token });
    },
    [stage],
  );
  const finish = useCallback(() => setStage(null), []);
  return {
    verifying: stage?.step === 'verify' ? stage.purpose : undefined,
    tokenFor: (purpose: MfaPurpose) => (stage?.step === 'change' && stage.purpose === purpose ? stage.token : undefined),
    start,
    cancelVerify,
    verified,
    finish,
  };
}

export type VerifiedChange = ReturnType<typeof useVerifiedChange>;
