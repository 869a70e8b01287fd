import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection, now. Decoded pixels are Buffers that sharp allocates outside V8's heap;
 * V8 frees them only when it collects their objects, and an idle server collects nothing: measured,
 * 660 MB of one finished 10000×10000 conversion stayed resident until a GC, then RSS fell to the
 * baseline. The image budget collects after each large run, so what it gives back is really free
 * before the next run takes it. `gc` is the one V8 exposes with --expose-gc, taken at run time
 * (as jest's leak detector does) so users start the server as before.
 */
export function reclaimMemory(): void {
  collect ??= exposedGc();
  collect();
}

function exposedGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
