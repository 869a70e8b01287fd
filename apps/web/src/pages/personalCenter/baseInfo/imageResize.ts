/** Image types the server stores as data: URLs (contracts AvatarUrl); SVG is refused, it can carry script. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** A picture this big is not decoded at all (a phone photo is a few MB; this is far beyond). */
export const MAX_SOURCE_BYTES = 30 * 1024 * 1024;

export type ImageProblem = 'type' | 'tooLarge' | 'unreadable' | 'cannotShrink';

export class ImageError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

/** The size that fits within `maxSide` on both sides, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decoded size in bytes of a base64 data: URL's payload. */
export function dataUrlBytes(dataUrl: string): number {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

const QUALITIES = [0.9, 0.8, 0.7, 0.6];
const SHRINK = 0.75;
const MIN_SCALE = 0.05;

/**
 * Encodes at full size first, then at lower qualities, then smaller and smaller, until the result
 * fits within `limitBytes`. `encode(scale, quality)` draws and encodes; quality is ignored by PNG.
 */
export function encodeWithinLimit(encode: (scale: number, quality: number) => string, limitBytes: number, lossy: boolean): string {
  for (let scale = 1; scale >= MIN_SCALE; scale *= SHRINK) {
    for (const quality of lossy ? QUALITIES : [1]) {
      const dataUrl = encode(scale, quality);
      if (dataUrlBytes(dataUrl) <= limitBytes) return dataUrl;
    }
  }
  throw new ImageError('cannotShrink');
}

export interface ResizeOptions {
  /** The longest side of the result, in pixels. */
  maxSide: number;
  /** JPEG (photos, on white) or PNG (keeps transparency, e.g. a signature). */
  type: 'image/jpeg' | 'image/png';
  limitBytes: number;
}

/** Decodes an uploaded picture and re-encodes it, resized in the browser, as a data: URL within the limit. */
export async function imageFileToDataUrl(file: File, { maxSide, type, limitBytes }: ResizeOptions): Promise<string> {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) throw new ImageError('type');
  if (file.size > MAX_SOURCE_BYTES) throw new ImageError('tooLarge');
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new ImageError('unreadable');
  });
  try {
    const fitted = fitWithin(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) throw new ImageError('unreadable');
    const encode = (scale: number, quality: number) => {
      canvas.width = Math.max(1, Math.round(fitted.width * scale));
      canvas.height = Math.max(1, Math.round(fitted.height * scale));
      if (type === 'image/jpeg') {
        // JPEG has no transparency: transparent pixels would turn black.
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
      } else {
        context.clearRect(0, 0, canvas.width, canvas.height);
      }
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL(type, quality);
    };
    return encodeWithinLimit(encode, limitBytes, type === 'image/jpeg');
  } finally {
    bitmap.close();
  }
}
