import { describe, expect, it, vi } from 'vitest';

/** notify.ts keeps module state: each test starts from a fresh copy. */
const freshNotify = async () => {
  vi.resetModules();
  return import('./notify.ts');
};

describe('error toasts', () => {
  it('wait for the message host, ask once for it to load, and show when it comes', async () => {
    const { onToastWaiting, registerToast, toastError } = await freshNotify();
    const load = vi.fn();
    onToastWaiting(load);
    expect(load).not.toHaveBeenCalled();

    toastError('first');
    toastError('second');
    expect(load).toHaveBeenCalledTimes(2); // the loader itself ignores a second request while loading

    const api = { error: vi.fn() };
    registerToast(api);
    expect(api.error.mock.calls).toEqual([
      ['first', 3],
      ['second', 3],
    ]);
    toastError('third');
    expect(api.error).toHaveBeenLastCalledWith('third', 3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('raised before the app can load the host, load it as soon as it can', async () => {
    const { onToastWaiting, toastError } = await freshNotify();
    toastError('early');
    const load = vi.fn();
    onToastWaiting(load);
    expect(load).toHaveBeenCalledOnce();
  });
});
