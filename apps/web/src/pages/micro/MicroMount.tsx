import type { MicroAppProps } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { importMicroModule, serialLifecycle } from './microLoad.ts';
import { retryUrl } from './microMenu.ts';

/**
 * Imports the micro app's module and runs its lifecycle in a container of its own: mount once,
 * update on every change of address, theme or language, unmount on leave.
 */
export function MicroMount({ name, url, props }: { name: string; url: string; props: MicroAppProps }) {
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const module = useQuery({
    queryKey: ['micro', 'module', url, attempt],
    queryFn: () => importMicroModule(retryUrl(url, attempt)),
    // A module is imported once per page load; the browser keeps it.
    staleTime: Infinity,
    structuralSharing: false,
  });
  const lifecycle = useMemo(() => (module.data ? serialLifecycle(module.data) : null), [module.data]);
  const container = useRef<HTMLElement>(null);
  const latest = useRef(props);
  const delivered = useRef<MicroAppProps | null>(null);

  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const element = container.current;
    if (!lifecycle || !element) return;
    delivered.current = latest.current;
    lifecycle.mount(element, latest.current).catch(setFailure);
    return () => {
      delivered.current = null;
      lifecycle.unmount().catch((error: unknown) => console.error('micro app unmount failed', error));
    };
  }, [lifecycle]);

  useEffect(() => {
    if (!lifecycle || delivered.current === null || delivered.current === props) return;
    delivered.current = props;
    lifecycle.update(props).catch(setFailure);
  }, [lifecycle, props]);

  const error = module.error ?? failure;
  if (error) {
    return (
      <LoadFailure
        name={name}
        error={error}
        onRetry={() => {
          setFailure(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!lifecycle) return <PageSpinner />;
  // The micro app renders inside; React leaves the (childless) element to it.
  return <section ref={container} aria-label={name} data-micro-app={name} style={{ flex: 1, minWidth: 0 }} />;
}
