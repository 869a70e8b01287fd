import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the system asks for less motion (an accessibility setting); it is followed as it changes. */
export const usePrefersReducedMotion = (): boolean => useSyncExternalStore(subscribe, () => media()?.matches ?? false);
