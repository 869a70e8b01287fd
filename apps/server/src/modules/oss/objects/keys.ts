import { OBJECT_KEY_MAX_BYTES } from '@portal/contracts';
import { badRequest } from '../../../platform/errors.ts';

// C0 and C1 control characters (NUL, newlines, escapes…): never part of a key.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Half of a surrogate pair alone: a string that has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type KeyKind = 'file' | 'folder' | 'prefix' | 'any';

/**
 * Refuses a key S3 would not store or that could look like a path escaping its folder: more than 1024
 * bytes of UTF-8, control characters, unpaired surrogates, a leading '/', empty, '.' or '..'
 * segments. A file's key does not end in '/', a folder's does; a prefix may be empty. The key is
 * only ever a database value: the bytes are stored under a key the server makes.
 */
export function checkKey(key: string, kind: KeyKind, field: string): string {
  const refuse = (why: string) => badRequest(`The key ${why}`, { field });
  if (key === '' && kind === 'prefix') return key;
  if (key === '') throw refuse('is empty');
  if (Buffer.byteLength(key, 'utf8') > OBJECT_KEY_MAX_BYTES) throw refuse(`is longer than ${OBJECT_KEY_MAX_BYTES} bytes of UTF-8`);
  if (LONE_SURROGATE.test(key)) throw refuse('is not valid UTF-8');
  if (CONTROL.test(key)) throw refuse('holds a control character');
  const folder = key.endsWith('/');
  if (kind === 'file' && folder) throw refuse("of a file does not end in '/' (create a folder instead)");
  if (kind === 'folder' && !folder) throw refuse("of a folder ends in '/'");
  const segments = (folder ? key.slice(0, -1) : key).split('/');
  if (segments.some((segment) => segment === '')) throw refuse("has an empty segment (a leading '/' or '//')");
  if (segments.some((segment) => segment === '.' || segment === '..')) throw refuse("has a '.' or '..' segment");
  return key;
}

/** The last segment of a key: what a download is named. */
export const fileNameOf = (key: string) => key.replace(/\/$/, '').split('/').pop() ?? key;
