import { describe, expect, it } from 'vitest';
import { canPreview, MEDIA_PREVIEW_MAX_BYTES, previewKindOf } from './preview.ts';

describe('preview', () => {
  it('previews images, PDFs and text by content type, and text files stored as bytes by their name', () => {
    expect(previewKindOf('image/png', 'a.png')).toBe('image');
    expect(previewKindOf('image/svg+xml', 'a.svg')).toBe('image');
    expect(previewKindOf('application/pdf', 'a.pdf')).toBe('pdf');
    expect(previewKindOf('text/plain; charset=utf-8', 'a')).toBe('text');
    expect(previewKindOf('application/json', 'a')).toBe('text');
    expect(previewKindOf('application/octet-stream', 'notes.md')).toBe('text');
    expect(previewKindOf('application/octet-stream', 'blob.bin')).toBeNull();
    expect(previewKindOf('application/zip', 'a.txt')).toBeNull();
  });

  it('offers big images for download only, while text of any size previews its start', () => {
    expect(canPreview({ contentType: 'image/png', key: 'a.png', size: MEDIA_PREVIEW_MAX_BYTES + 1 })).toBe(false);
    expect(canPreview({ contentType: 'image/png', key: 'a.png', size: 10 })).toBe(true);
    expect(canPreview({ contentType: 'text/plain', key: 'a.log', size: 10 * MEDIA_PREVIEW_MAX_BYTES })).toBe(true);
  });
});
