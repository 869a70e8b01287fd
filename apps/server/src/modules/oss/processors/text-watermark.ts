import type { ProcessorGravity, StepOf } from '@portal/contracts';
import { placeOverlay, type Size } from './geometry.ts';
import { fromRaw, toRaw, type RawImage } from './raw-image.ts';

export const TEXT_WATERMARK_DEFAULTS = { fontSize: 24, color: '#ffffff', opacity: 0.5, gravity: 'southeast', margin: 16 } as const;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as SVG character data: markup characters escaped, characters XML forbids dropped. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const ANCHOR = (gravity: ProcessorGravity) => (gravity.endsWith('west') ? 'start' : gravity.endsWith('east') ? 'end' : 'middle');

/**
 * An SVG just large enough for the text (a generous one em a character, bounded by the image),
 * so a watermark on a large image renders a strip, not a second full-size image.
 */
export function textOverlaySvg(step: StepOf<'watermarkText'>, base: Size): { svg: string; size: Size } {
  const { fontSize, color, opacity, gravity, margin } = { ...TEXT_WATERMARK_DEFAULTS, ...step };
  const size = {
    width: Math.max(1, Math.min(base.width - 2 * margin, Math.ceil([...step.text].length * fontSize))),
    height: Math.max(1, Math.min(base.height, Math.ceil(fontSize * 1.4))),
  };
  const anchor = ANCHOR(gravity);
  const x = anchor === 'start' ? 0 : anchor === 'end' ? size.width : size.width / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">` +
    `<text x="${x}" y="${Math.round(fontSize * 1.05)}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" ` +
    `fill="${color}" fill-opacity="${opacity}" text-anchor="${anchor}">${escapeXml(step.text)}</text></svg>`;
  return { svg, size };
}

export async function watermarkText(image: RawImage, step: StepOf<'watermarkText'>, maxPixels: number): Promise<RawImage> {
  const { svg, size } = textOverlaySvg(step, image);
  const { gravity, margin } = { ...TEXT_WATERMARK_DEFAULTS, ...step };
  const { left, top } = placeOverlay(image, size, gravity, margin);
  const overlay = { input: Buffer.from(svg), left, top };
  return toRaw(fromRaw(image, maxPixels).composite([overlay]), image.opaque);
}
