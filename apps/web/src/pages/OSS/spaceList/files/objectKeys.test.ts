import { describe, expect, it } from 'vitest';
import {
  baseName,
  breadcrumbsOf,
  folderPrefixOf,
  formatBytes,
  movedKey,
  nameProblem,
  parentPrefix,
  renamedKey,
  uploadTarget,
} from './objectKeys.ts';

describe('object keys', () => {
  it('names files and folders by their last segment and finds their folder', () => {
    expect(baseName('a/b/c.txt')).toBe('c.txt');
    expect(baseName('a/b/')).toBe('b');
    expect(baseName('top.txt')).toBe('top.txt');
    expect(parentPrefix('a/b/c.txt')).toBe('a/b/');
    expect(parentPrefix('a/b/')).toBe('a/');
    expect(parentPrefix('top.txt')).toBe('');
  });

  it('lists the breadcrumbs from the root down, each opening its own prefix', () => {
    expect(breadcrumbsOf('')).toEqual([]);
    expect(breadcrumbsOf('photos/2026/')).toEqual([
      { name: 'photos', prefix: 'photos/' },
      { name: '2026', prefix: 'photos/2026/' },
    ]);
  });

  it('refuses names that would not be one segment of a key', () => {
    expect(nameProblem('report.pdf')).toBeNull();
    expect(nameProblem('  ')).toBe('empty');
    expect(nameProblem('a/b')).toBe('slash');
    expect(nameProblem('..')).toBe('dots');
    expect(nameProblem('bad\u0007name')).toBe('control');
  });

  it("puts a dropped folder's files under the current folder, keeping their tree", () => {
    expect(uploadTarget('docs/', 'holiday/day1/a.jpg')).toEqual({ prefix: 'docs/holiday/day1/', name: 'a.jpg' });
    expect(uploadTarget('', 'b.txt')).toEqual({ prefix: '', name: 'b.txt' });
    expect(uploadTarget('', './x//y.txt')).toEqual({ prefix: 'x/', name: 'y.txt' });
  });

  it('moves and renames files and folders, keeping the trailing slash of a folder', () => {
    expect(movedKey('a/b.txt', 'c/')).toBe('c/b.txt');
    expect(movedKey('a/sub/', '')).toBe('sub/');
    expect(renamedKey('a/b.txt', 'c.txt')).toBe('a/c.txt');
    expect(renamedKey('a/sub/', 'other')).toBe('a/other/');
  });

  it('reads a typed folder path as a prefix, refusing bad segments', () => {
    expect(folderPrefixOf('/a/b/')).toBe('a/b/');
    expect(folderPrefixOf('')).toBe('');
    expect(folderPrefixOf('a/../b')).toBeNull();
  });

  it('formats byte counts in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GiB');
    expect(formatBytes(150 * 1024 ** 2)).toBe('150 MiB');
  });
});
