import { describe, expect, it } from 'vitest';
import { open, seal, sealedStorage } from './sealedStorage.ts';

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
};

describe('seal / open', () => {
  it('round-trips with the same secret and hides the plaintext', async () => {
    const sealed = await seal('refresh-1', '{"userInfo":{"name":"Ada"}}');
    expect(sealed).not.toContain('Ada');
    expect(await open('refresh-1', sealed)).toBe('{"userInfo":{"name":"Ada"}}');
  });
  it('cannot be opened with another secret or after tampering', async () => {
    const sealed = await seal('refresh-1', 'secret state');
    expect(await open('refresh-2', sealed)).toBeNull();
    const [salt, iv, data = ''] = sealed.split('.');
    const flipped = `${salt}.${iv}.${data.startsWith('A') ? 'B' : 'A'}${data.slice(1)}`;
    expect(await open('refresh-1', flipped)).toBeNull();
    expect(await open('refresh-1', 'garbage')).toBeNull();
  });
});

describe('sealedStorage', () => {
  it('stores sealed values and reads them back while the secret is there', async () => {
    const backing = memory();
    let secret: string | undefined = 'refresh-1';
    const storage = sealedStorage(
      () => backing,
      () => secret,
    );
    await storage.setItem('state', 'hello');
    expect(backing.items.get('state')).not.toBe('hello');
    expect(await storage.getItem('state')).toBe('hello');
    secret = undefined;
    expect(await storage.getItem('state')).toBeNull();
    await storage.setItem('state', 'again');
    expect(backing.items.has('state')).toBe(false);
  });
  it('keeps the last of several quick writes', async () => {
    const backing = memory();
    const storage = sealedStorage(
      () => backing,
      () => 'k',
    );
    void storage.setItem('state', 'one');
    void storage.setItem('state', 'two');
    await storage.setItem('state', 'three');
    expect(await storage.getItem('state')).toBe('three');
  });
});
