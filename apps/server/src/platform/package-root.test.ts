import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_PACKAGE_ROOT, packageRootAbove } from './package-root.ts';

describe('the server package root', () => {
  const root = mkdtempSync(join(tmpdir(), 'package-root-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is the same from the sources and from the bundle', () => {
    writeFileSync(join(root, 'package.json'), '{}');
    for (const dir of ['src/platform', 'dist']) mkdirSync(join(root, dir), { recursive: true });
    expect(packageRootAbove(join(root, 'src/platform'))).toBe(root);
    expect(packageRootAbove(join(root, 'dist'))).toBe(root);
  });

  it('holds the migrations the server applies at start-up', () => {
    expect(existsSync(join(SERVER_PACKAGE_ROOT, 'drizzle/meta/_journal.json'))).toBe(true);
  });
});
