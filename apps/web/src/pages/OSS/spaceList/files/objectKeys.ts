/**
 * Object keys as the file browser shows them: a folder is a prefix ending in '/', a file the rest.
 * Pure functions, so the browser's navigation, uploads and moves are tested without a server.
 */

/** The last segment of a key, without the trailing '/' of a folder. */
export function baseName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The folder holding a key ('' at the root). */
export function parentPrefix(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(0, trimmed.lastIndexOf('/') + 1);
}

/** The folders from the root down to a prefix, each with the prefix that opens it. */
export function breadcrumbsOf(prefix: string): { name: string; prefix: string }[] {
  const names = prefix.split('/').filter(Boolean);
  return names.map((name, index) => ({ name, prefix: `${names.slice(0, index + 1).join('/')}/` }));
}

/** Why a folder or file name typed by a user cannot be one segment of a key, or null when it can. */
export function nameProblem(name: string): 'empty' | 'slash' | 'dots' | 'control' | null {
  if (name.trim() === '') return 'empty';
  if (name.includes('/')) return 'slash';
  if (name === '.' || name === '..') return 'dots';
  // Control characters make keys that print one way and compare another.
  if (/\p{Cc}/u.test(name)) return 'control';
  return null;
}

/**
 * Where a picked or dropped file goes: the folder it lands in (the current one plus the folders of
 * its relative path, so a dropped folder keeps its tree) and its own name. The single-upload
 * endpoint takes exactly these two: `prefix` and the part's file name.
 */
export function uploadTarget(currentPrefix: string, relativePath: string): { prefix: string; name: string } {
  const segments = relativePath.split('/').filter((segment) => segment !== '' && segment !== '.');
  const name = segments.pop() ?? '';
  return { prefix: currentPrefix + segments.map((segment) => `${segment}/`).join(''), name };
}

/** The key a file or folder gets when moved into another folder, keeping its own name. */
export function movedKey(key: string, targetPrefix: string): string {
  return `${targetPrefix}${baseName(key)}${key.endsWith('/') ? '/' : ''}`;
}

/** The key a file or folder gets when renamed in place. */
export function renamedKey(key: string, newName: string): string {
  return `${parentPrefix(key)}${newName}${key.endsWith('/') ? '/' : ''}`;
}

/**
 * A folder path typed by a user ("a/b", "/a/b/", "") as a prefix ('a/b/', '' for the root),
 * or null when one of its segments is not a valid name.
 */
export function folderPrefixOf(typed: string): string | null {
  const segments = typed.split('/').filter(Boolean);
  if (segments.some((segment) => nameProblem(segment) !== null)) return null;
  return segments.map((segment) => `${segment}/`).join('');
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** A byte count for people: 1023 B, 1.5 KiB, 12 MiB (binary units, as storage quotas are set). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${UNITS[unit]}`;
}
