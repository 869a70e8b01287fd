/** What the preview shows of an object, by its content type (sniffed by the server) and, failing that, its name. */
export type PreviewKind = 'image' | 'text' | 'pdf';

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-ndjson|yaml|x-yaml|toml|csv|x-sh)\b)/;
const TEXT_NAMES = /\.(txt|md|csv|json|xml|ya?ml|log|ini|conf|toml|ts|js|css|html?|sh|py|sql)$/i;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)\b/;

export function previewKindOf(contentType: string, key: string): PreviewKind | null {
  if (IMAGE_TYPES.test(contentType)) return 'image';
  if (contentType.startsWith('application/pdf')) return 'pdf';
  if (TEXT_TYPES.test(contentType)) return 'text';
  if (contentType === 'application/octet-stream' && TEXT_NAMES.test(key)) return 'text';
  return null;
}

/** Text previews read this much from the start of the object (a Range request), never the whole of a big log. */
export const TEXT_PREVIEW_BYTES = 256 * 1024;
/** Images and PDFs larger than this are offered for download instead of a preview. */
export const MEDIA_PREVIEW_MAX_BYTES = 32 * 1024 * 1024;

/** Whether an object can be previewed at all: a kind, and small enough when the whole of it is needed. */
export function canPreview(object: { contentType: string; key: string; size: number }): boolean {
  const kind = previewKindOf(object.contentType, object.key);
  return kind !== null && (kind === 'text' || object.size <= MEDIA_PREVIEW_MAX_BYTES);
}
