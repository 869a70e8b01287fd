import { describe, expect, it } from 'vitest';
import { rasterTypeOf } from './content-type.ts';
import { HOSTILE_SVGS, REFUSED_SVGS } from './hostile-svgs.ts';
import { cssIsSafe, IconRefused, sanitiseSvg } from './svg-sanitiser.ts';

describe('the SVG sanitiser', () => {
  it('keeps a plain drawing: shapes, gradients, internal references, text and safe styles', () => {
    const svg =
      '<?xml version="1.0"?><!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h4"/></defs>' +
      '<style>.a { fill: url(#g) }</style><g class="a" style="stroke:#000"><use xlink:href="#p"/><circle r="2" fill="url(#g)"/></g>' +
      '<text x="1">A &amp; B</text></svg>';
    const clean = sanitiseSvg(svg);
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"></stop></linearGradient>' +
        '<path id="p" d="M0 0h4"></path></defs><style>.a { fill: url(#g) }</style><g class="a" style="stroke:#000"><use href="#p"></use>' +
        '<circle r="2" fill="url(#g)"></circle></g><text x="1">A &amp; B</text></svg>',
    );
  });

  for (const { name, svg, forbidden } of HOSTILE_SVGS) {
    it(`cleans ${name}`, () => {
      const clean = sanitiseSvg(svg);
      expect(clean.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      for (const part of forbidden) expect(clean.toLowerCase(), part).not.toContain(part.toLowerCase());
    });
  }

  for (const { name, svg, reason } of REFUSED_SVGS) {
    it(`refuses ${name}`, () => {
      expect(() => sanitiseSvg(svg)).toThrow(IconRefused);
      expect(() => sanitiseSvg(svg)).toThrow(reason);
    });
  }

  it('refuses markup nested deeper than any drawing', () => {
    const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`;
    expect(() => sanitiseSvg(deep)).toThrow(/deeply nested/);
  });

  it('judges CSS by what it could fetch', () => {
    expect(cssIsSafe('fill: url(#a); stroke: url("#b")')).toBe(true);
    for (const css of ['url(https://x)', 'url( //x )', "url('data:x')", '@import "x"', 'u\\72l(x)', 'x: expression(alert(1))', 'url("#a)'])
      expect(cssIsSafe(css), css).toBe(false);
  });
});

describe('raster types', () => {
  it('are told by magic bytes only', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(rasterTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(rasterTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(rasterTypeOf(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(rasterTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(rasterTypeOf(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(rasterTypeOf(Buffer.from('<html>'))).toBeUndefined();
    expect(rasterTypeOf(bytes(0x89, 0x50))).toBeUndefined();
  });
});
