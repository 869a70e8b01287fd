import { loadSharp } from './sharp-library.ts';

/**
 * The image previews use when no object is named: a landscape drawn from this SVG (our own markup, so
 * rendering it is safe; uploaded SVG is never processed). Rendered once, on first use.
 */
const SAMPLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2b6cb0"/><stop offset="1" stop-color="#bee3f8"/>
    </linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#sky)"/>
  <circle cx="620" cy="140" r="70" fill="#f6e05e"/>
  <path d="M0 420 L180 260 L320 380 L470 220 L800 450 L800 600 L0 600 Z" fill="#2f855a"/>
  <path d="M0 500 Q200 430 400 500 T800 490 L800 600 L0 600 Z" fill="#276749"/>
  <rect x="90" y="470" width="120" height="80" fill="#c05621"/>
  <path d="M80 470 L150 410 L220 470 Z" fill="#9c4221"/>
</svg>`;

let rendered: Promise<Buffer> | undefined;

export function sampleImage(): Promise<Buffer> {
  rendered ??= loadSharp().then((sharp) => sharp(Buffer.from(SAMPLE_SVG)).jpeg({ quality: 85 }).toBuffer());
  return rendered;
}
