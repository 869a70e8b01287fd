import type { MicroAppProps } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMicroMenu, lifecycleOf, MicroLoadError, serialLifecycle, type HostLifecycle } from './microLoad.ts';

const props = { menuId: 'home' } as MicroAppProps;
const container = {} as HTMLElement;

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof MicroLoadError ? error.reason : String(error)),
  );

describe('lifecycleOf', () => {
  const functions = { mount: () => undefined, update: () => undefined, unmount: () => undefined };

  it('takes named exports or a default export holding them', () => {
    expect(() => lifecycleOf({ ...functions })).not.toThrow();
    expect(() => lifecycleOf({ default: { ...functions } })).not.toThrow();
  });

  it('calls the functions on their own object', () => {
    const app = {
      mounted: '',
      mount(this: { mounted: string }, _: unknown, p: MicroAppProps) {
        this.mounted = p.menuId;
      },
      update: () => undefined,
      unmount: () => undefined,
    };
    void lifecycleOf({ default: app }).mount(container, props);
    expect(app.mounted).toBe('home');
  });

  it('refuses a module without the three functions', () => {
    for (const module of [{}, null, { mount: () => undefined, update: () => undefined }, { default: 'x' }]) {
      expect(() => lifecycleOf(module)).toThrow(MicroLoadError);
    }
  });
});

describe('serialLifecycle', () => {
  it('runs calls in order even when the micro app answers with promises', async () => {
    const calls: string[] = [];
    const slow = (name: string, ms: number) => () => new Promise<void>((done) => setTimeout(() => (calls.push(name), done()), ms));
    const lifecycle: HostLifecycle = { mount: slow('mount', 20), update: slow('update', 0), unmount: slow('unmount', 10) };
    const driver = serialLifecycle(lifecycle);
    await Promise.all([driver.mount(container, props), driver.unmount(), driver.mount(container, props), driver.update(props)]);
    expect(calls).toEqual(['mount', 'unmount', 'mount', 'update']);
  });

  it('reports a failed call to its caller and goes on with the next', async () => {
    const lifecycle: HostLifecycle = {
      mount: () => {
        throw new Error('boom');
      },
      update: () => undefined,
      unmount: () => undefined,
    };
    const driver = serialLifecycle(lifecycle);
    await expect(driver.mount(container, props)).rejects.toThrow('boom');
    await expect(driver.unmount()).resolves.toBeUndefined();
  });
});

describe('fetchMicroMenu', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (response: Response | Error) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response))),
    );

  it('gives the entries of a valid menu, fetched without credentials', async () => {
    answer(new Response(JSON.stringify({ menu: [{ name: 'home', title: { 'en-US': 'Overview' } }] })));
    await expect(fetchMicroMenu('http://cdn.test/menu.json')).resolves.toEqual([{ name: 'home', title: { 'en-US': 'Overview' } }]);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('http://cdn.test/menu.json', expect.objectContaining({ credentials: 'omit' }));
  });

  it('names why a menu could not be used', async () => {
    answer(new Response('nope', { status: 404 }));
    expect(await reasonOf(fetchMicroMenu('http://cdn.test/menu.json'))).toBe('menuStatus');
    answer(new Response('<html>'));
    expect(await reasonOf(fetchMicroMenu('http://cdn.test/menu.json'))).toBe('menuInvalid');
    answer(new Response(JSON.stringify({ menu: [{ name: 'a' }] })));
    expect(await reasonOf(fetchMicroMenu('http://cdn.test/menu.json'))).toBe('menuInvalid');
    answer(new TypeError('Failed to fetch'));
    expect(await reasonOf(fetchMicroMenu('http://cdn.test/menu.json'))).toBe('unreachable');
  });
});
