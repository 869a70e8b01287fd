import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `restart(seconds)`'s moment, ticking down once a second; 0 when over. */
export function useCountdown(initialSeconds: number) {
  const [until, setUntil] = useState(() => Date.now() + initialSeconds * 1000);
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const restart = useCallback((seconds: number) => setUntil(Date.now() + seconds * 1000), []);
  return { remaining, restart };
}
