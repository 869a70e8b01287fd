import { randomInt } from '../../../platform/crypto.ts';
import { GLYPHS, type Point, type Stroke } from './captcha-glyphs.ts';

const WIDTH = 140;
const HEIGHT = 44;

/** A uniform number in [min, max), from the same CSPRNG as the answer. */
const random = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const jitter = ([x, y]: Point, by: number): Point => [x + random(-by, by), y + random(-by, by)];
const xy = ([x, y]: Point) => `${x.toFixed(1)} ${y.toFixed(1)}`;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * Where one glyph goes: its own rotation, scale, slant and offset, applied to the coordinates
 * themselves (not as a transform attribute, which would leave the glyph's outline readable as is).
 */
function placement(index: number, count: number): (point: Point) => Point {
  const cell = (WIDTH - 20) / count;
  const angle = random(-0.3, 0.3);
  const [scaleX, scaleY, slant] = [random(1.3, 1.75), random(1.45, 1.85), random(-0.25, 0.25)];
  const [cx, cy] = [10 + cell * (index + 0.5) + random(-2, 2), HEIGHT / 2 + random(-2.5, 2.5)];
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return ([x, y]) => {
    const u = (x - 4) * scaleX + (y - 6) * slant;
    const v = (y - 6) * scaleY;
    return [cx + u * cos - v * sin, cy + u * sin + v * cos];
  };
}

/** Splits every segment into a random number of pieces, each corner moved a little. */
function roughen(stroke: Stroke): Point[] {
  const out: Point[] = [jitter(stroke[0] as Point, 0.4)];
  for (let i = 1; i < stroke.length; i++) {
    const [[ax, ay], [bx, by]] = [stroke[i - 1] as Point, stroke[i] as Point];
    // Short segments (the arcs' steps) stay whole, or curves would wobble out of shape.
    const pieces = Math.hypot(bx - ax, by - ay) > 6 ? randomInt(1, 4) : 1;
    for (let k = 1; k <= pieces; k++) out.push(jitter([ax + ((bx - ax) * k) / pieces, ay + ((by - ay) * k) / pieces], 0.4));
  }
  return randomInt(2) ? out.reverse() : out;
}

/** One subpath, each step a line or a gently bent curve, so its commands do not spell its shape either. */
function subpath(points: Point[]): string {
  let d = `M${xy(points[0] as Point)}`;
  for (let i = 1; i < points.length; i++) {
    const [[ax, ay], to] = [points[i - 1] as Point, points[i] as Point];
    d += randomInt(2) ? `L${xy(to)}` : `Q${xy(jitter([(ax + to[0]) / 2, (ay + to[1]) / 2], 0.6))} ${xy(to)}`;
  }
  return d;
}

/** Curves across the picture and specks, drawn like the glyphs so the markup cannot tell them apart. */
function noise(): Point[][] {
  const curves = Array.from({ length: randomInt(2, 4) }, () => {
    const [p0, p1, p2, p3]: [Point, Point, Point, Point] = [
      [random(0, 20), random(4, HEIGHT - 4)],
      [random(30, 70), random(-10, HEIGHT + 10)],
      [random(70, 110), random(-10, HEIGHT + 10)],
      [random(WIDTH - 20, WIDTH), random(4, HEIGHT - 4)],
    ];
    return Array.from({ length: 9 }, (_, i): Point => {
      const t = i / 8;
      const [a, b, c, e] = [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3];
      return [a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]];
    });
  });
  // Specks, not strokes: a stray line beside a glyph could turn a P into an R for a person too.
  const specks = Array.from({ length: randomInt(6, 11) }, () => {
    const start: Point = [random(4, WIDTH - 4), random(4, HEIGHT - 4)];
    return [start, jitter(start, 1.5)];
  });
  return [...curves, ...specks];
}

/**
 * The answer drawn as SVG paths: our stroke font, every glyph placed and roughened at random,
 * mixed with noise strokes, shuffled and grouped into paths at random. The markup holds neither
 * the characters nor a fixed outline per character; reading it needs the picture to be seen.
 */
export function renderCaptcha(answer: string): string {
  const chars = [...answer];
  const strokes = chars.flatMap((char, index) => {
    const place = placement(index, chars.length);
    return (GLYPHS[char] ?? []).map((stroke) => stroke.map(place));
  });
  const pieces = shuffle([...strokes, ...noise()].map((stroke) => subpath(roughen(stroke))));
  const paths: string[] = [];
  while (pieces.length > 0) {
    const d = pieces.splice(0, randomInt(1, 4)).join('');
    const colour = `hsl(${randomInt(360)},${randomInt(25, 55)}%,${randomInt(25, 46)}%)`;
    paths.push(
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${random(1.4, 2.3).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f6fb"/>${paths.join('')}</svg>`;
}
