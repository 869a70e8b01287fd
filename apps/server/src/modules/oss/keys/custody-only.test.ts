/**
 * Every way of making or changing an access key goes through custody.ts, where a secret is handed
 * out only to someone who holds what it opens. A new route or module that wrote the keys' table or
 * issued a key itself would skip that check: this fails until it goes through custody.ts instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('../../..', import.meta.url));
const sources = (readdirSync(SOURCE, { recursive: true }) as string[])
  .filter((path) => path.endsWith('.ts') && !/\.test(-support)?\.ts$|\.test\.|\.d\.ts$/.test(path))
  .map((path) => ({ path: relative(SOURCE, join(SOURCE, path)), text: readFileSync(join(SOURCE, path), 'utf8') }));
const using = (pattern: RegExp) =>
  sources
    .filter((file) => pattern.test(file.text))
    .map((file) => file.path)
    .sort();

describe('access keys are made and changed in one place', () => {
  it('only custody.ts issues keys and seals new secrets (through issue.ts and the directory)', () => {
    expect(using(/\bissueAccessKey\(/)).toEqual(['modules/oss/keys/custody.ts', 'modules/oss/keys/issue.ts']);
    // The oss module's only secrets are the keys' (other modules seal their own with their own boxes).
    const sealing = using(/\.seal\(/).filter((path) => path.startsWith('modules/oss/'));
    // directory.ts defines the sealing; custody.ts (a new secret) and issue.ts (a new key) use it.
    expect(sealing).toEqual(['modules/oss/keys/custody.ts', 'modules/oss/keys/directory.ts', 'modules/oss/keys/issue.ts']);
  });

  it("reads the keys' table elsewhere only where it is known to: the directory (lastUsedAt) and the views", () => {
    expect(using(/\bossAccessKeys\b/)).toEqual([
      'modules/oss/keys/custody.ts',
      'modules/oss/keys/directory.ts',
      'modules/oss/keys/issue.ts',
      'modules/oss/keys/service.ts',
      'modules/oss/tables.ts',
    ]);
  });
});
