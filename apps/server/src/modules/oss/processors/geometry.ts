import type { ProcessorGravity, StepOf } from '@portal/contracts';

export interface Size {
  width: number;
  height: number;
}

/** The size sharp's resize gives `from` (an upper bound is all the pixel guard needs; this is exact but for rounding). */
export function resizedSize(from: Size, step: StepOf<'resize'>): Size {
  const { width, height, fit = 'cover', withoutEnlargement = false } = step;
  let target: Size;
  if (width !== undefined && height !== undefined) {
    const scales = [width / from.width, height / from.height];
    if (fit === 'inside' || fit === 'outside') {
      const scale = fit === 'inside' ? Math.min(...scales) : Math.max(...scales);
      target = { width: from.width * scale, height: from.height * scale };
    } else target = { width, height };
  } else if (width !== undefined) target = { width, height: (from.height * width) / from.width };
  else target = { width: (from.width * height!) / from.height, height: height! };
  if (withoutEnlargement && (target.width > from.width || target.height > from.height)) return from;
  return { width: Math.max(1, Math.round(target.width)), height: Math.max(1, Math.round(target.height)) };
}

/** The bounding box of `from` turned by `angle` degrees. */
export function rotatedSize(from: Size, angle: number): Size {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  // cos 90° is 6e-17, not 0: without the tolerance a right angle would grow the box by a pixel.
  const up = (extent: number) => Math.ceil(extent - 1e-6);
  return { width: up(from.width * cos + from.height * sin), height: up(from.width * sin + from.height * cos) };
}

/** Where an overlay of `size` sits on `base`: at the gravity's side or corner, `margin` pixels in, never outside. */
export function placeOverlay(base: Size, size: Size, gravity: ProcessorGravity, margin: number): { left: number; top: number } {
  const along = (room: number, extent: number, start: boolean, end: boolean) => {
    const offset = start ? margin : end ? room - extent - margin : (room - extent) / 2;
    return Math.round(Math.min(Math.max(offset, 0), Math.max(room - extent, 0)));
  };
  return {
    left: along(base.width, size.width, gravity.endsWith('west'), gravity.endsWith('east')),
    top: along(base.height, size.height, gravity.startsWith('north'), gravity.startsWith('south')),
  };
}
