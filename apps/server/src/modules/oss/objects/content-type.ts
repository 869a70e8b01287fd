import { fileTypeFromBuffer } from 'file-type';

/** Types a browser may show inline: they run nothing. SVG is an image that runs script, so never. */
const SAFE_INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
  'text/plain',
]);
/** Types whose content file-type recognises: a declared one the content did not show is not believed. */
const RECOGNISED_ONLY = new Set([...SAFE_INLINE].filter((type) => type !== 'text/plain'));
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$/;

const baseOf = (type: string) => type.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The content type stored for an object: what its first bytes show it is; else the declared type
 * when well formed and not one the bytes would have shown; else application/octet-stream.
 */
export async function contentTypeOf(head: Buffer, declared: string | undefined): Promise<string> {
  const sniffed = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (sniffed) return sniffed.mime;
  const base = baseOf(declared ?? '');
  if (MEDIA_TYPE.test(base) && !RECOGNISED_ONLY.has(base)) return base;
  return 'application/octet-stream';
}

/** Whether a download may show inline (images other than SVG, PDF, plain text); anything else is an attachment. */
export const showsInline = (contentType: string) => SAFE_INLINE.has(baseOf(contentType));

/** `attachment` (or `inline`) with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 200) || 'download';
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
