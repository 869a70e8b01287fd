/**
 * A small stroke font for the captcha: each character is a few strokes (polylines) on an 8 × 12
 * grid, y downwards. Outlines are ours, not a system font's, because the picture must be drawn as
 * paths: a `<text>` element would hand the answer to any script that reads the markup.
 *
 * The alphabet leaves out characters that look alike once distorted (I/1/L, O/0/Q, S/5, Z/2,
 * B/8, G/6), so a person reading the picture is not asked to tell them apart.
 */
export type Point = readonly [number, number];
export type Stroke = readonly Point[];

export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTUVWXY234679';

/**
 * Strokes separated by `|`; in a stroke, points `x,y` and arcs `(cx,cy,rx,ry,from,to)` of an ellipse
 * in degrees (counter-clockwise as seen). Written as text so a glyph reads on one line.
 */
const OUTLINES: Record<string, string> = {
  A: '0,12 4,0 8,12 | 1.5,7.5 6.5,7.5',
  C: '(4.5,6,4.2,6,45,315)',
  D: '0,0 0,12 | 0,0 3,0 (3,6,5,6,90,-90) 0,12',
  E: '8,0 0,0 0,12 8,12 | 0,6 6,6',
  F: '8,0 0,0 0,12 | 0,6 6,6',
  H: '0,0 0,12 | 8,0 8,12 | 0,6 8,6',
  J: '8,0 (4.5,8.5,3.5,3.5,0,-180)',
  K: '0,0 0,12 | 8,0 0,7.5 | 2.6,5.3 8,12',
  M: '0,12 0,0 4,7 8,0 8,12',
  N: '0,12 0,0 8,12 8,0',
  P: '0,12 0,0 5,0 (5,3.25,3,3.25,90,-90) 0,6.5',
  R: '0,12 0,0 5,0 (5,3.25,3,3.25,90,-90) 0,6.5 | 3.5,6.5 8,12',
  T: '0,0 8,0 | 4,0 4,12',
  U: '0,0 (4,8,4,4,180,360) 8,0',
  V: '0,0 4,12 8,0',
  W: '0,0 2,12 4,4.5 6,12 8,0',
  X: '0,0 8,12 | 8,0 0,12',
  Y: '0,0 4,6 8,0 | 4,6 4,12',
  '2': '(4,3.6,3.8,3.6,160,-30) 0,12 8,12',
  '3': '(4,3.2,3.6,3.2,150,-90) | (4,9,3.9,3,90,-150)',
  '4': '6,12 6,0 0,8.5 8.5,8.5',
  '6': '(4.6,6,4.4,6,70,190) | (4.2,8.6,3.9,3.4,0,360)',
  '7': '0,0 8,0 3,12',
  '9': '(4,3.6,3.8,3.4,0,360) | (3.6,6,4.2,6,10,-110)',
};

/** Points along an ellipse, one every 20 degrees or so. */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] {
  const steps = Math.max(4, Math.round(Math.abs(to - from) / 20));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const angle = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(angle), cy - ry * Math.sin(angle)] as const;
  });
}

function parseStroke(text: string): Stroke {
  return [...text.matchAll(/\(([^)]+)\)|(\S+)/g)].flatMap(([, arcText, pointText]): Point[] => {
    const numbers = (arcText ?? pointText ?? '').split(',').map(Number);
    if (arcText) return arc(...(numbers as [number, number, number, number, number, number]));
    return [numbers as unknown as Point];
  });
}

export const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = Object.fromEntries(
  Object.entries(OUTLINES).map(([char, outline]) => [char, outline.split('|').map(parseStroke)]),
);
