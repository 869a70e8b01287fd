import type { MicroAppLifecycle, MicroMenuEntry } from '@portal/contracts';
import { MicroMenuError, parseMicroMenu } from './microMenu.ts';

export type HostLifecycle = MicroAppLifecycle<HTMLElement>;

/** Why a micro app could not be shown; each reason has its own text (messages.ts `failure.*`). */
export type FailureReason = 'noEntry' | 'menuStatus' | 'menuInvalid' | 'unreachable' | 'moduleInvalid' | 'mountFailed';

export class MicroLoadError extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/**
 * menu.json beside the module. Fetched without credentials: the micro app's server is another
 * origin and must not receive the portal's cookies or token.
 */
export async function fetchMicroMenu(url: string): Promise<MicroMenuEntry[]> {
  const response = await fetch(url, { credentials: 'omit', cache: 'no-cache' }).catch((error: unknown) => {
    throw new MicroLoadError('unreachable', String(error));
  });
  if (!response.ok) throw new MicroLoadError('menuStatus', String(response.status));
  try {
    return parseMicroMenu(await response.json());
  } catch (error) {
    throw new MicroLoadError('menuInvalid', error instanceof MicroMenuError ? error.message : 'not JSON');
  }
}

const isFunction = (value: unknown): value is (...args: never[]) => unknown => typeof value === 'function';

function asLifecycle(candidate: unknown): HostLifecycle | null {
  if (typeof candidate !== 'object' || candidate === null) return null;
  const { mount, update, unmount } = candidate as Record<string, unknown>;
  if (!isFunction(mount) || !isFunction(update) || !isFunction(unmount)) return null;
  const target = candidate as HostLifecycle;
  return {
    mount: (container, props) => target.mount(container, props),
    update: (props) => target.update(props),
    unmount: () => target.unmount(),
  };
}

/** The lifecycle among a module's exports: named mount/update/unmount, or a default export holding them. */
export function lifecycleOf(module: unknown): HostLifecycle {
  const found = asLifecycle(module) ?? asLifecycle((module as { default?: unknown } | null)?.default);
  if (!found) throw new MicroLoadError('moduleInvalid');
  return found;
}

/** Imports the micro app's ES module at run time (it is built and served apart from the portal). */
export async function importMicroModule(url: string): Promise<HostLifecycle> {
  let module: unknown;
  try {
    module = await import(/* @vite-ignore */ url);
  } catch (error) {
    // Network, CORS, 404 and syntax errors all surface here as a TypeError or SyntaxError.
    throw new MicroLoadError('unreachable', String(error));
  }
  return lifecycleOf(module);
}

export interface SerialLifecycle {
  mount: (...args: Parameters<HostLifecycle['mount']>) => Promise<void>;
  update: (...args: Parameters<HostLifecycle['update']>) => Promise<void>;
  unmount: () => Promise<void>;
}

/**
 * Makes the lifecycle's calls run one after another in the order the shell makes them, even when
 * a micro app answers with promises (a quick leave and return must not unmount the new mount).
 * A failed call does not stop the ones after it.
 */
export function serialLifecycle(lifecycle: HostLifecycle): SerialLifecycle {
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (step: () => void | Promise<void>): Promise<void> => {
    const result = queue.then(step);
    queue = result.catch(() => undefined);
    return result;
  };
  return {
    mount: (container, props) => enqueue(() => lifecycle.mount(container, props)),
    update: (props) => enqueue(() => lifecycle.update(props)),
    unmount: () => enqueue(() => lifecycle.unmount()),
  };
}
