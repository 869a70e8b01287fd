import type { Captcha } from '@portal/contracts';
import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha } from '../../app/api/oauth.ts';

/** A captcha picture while `enabled`; `refresh` asks for another one (each answers one attempt). */
export function useCaptcha(enabled: boolean) {
  const [round, setRound] = useState(0);
  const [captcha, setCaptcha] = useState<Captcha>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    setLoading(true);
    fetchCaptcha()
      .then((next) => live && setCaptcha(next))
      .catch(() => undefined) // the HTTP client already showed the failure
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [enabled, round]);
  const refresh = useCallback(() => setRound((value) => value + 1), []);
  return { captcha, loading, refresh };
}
