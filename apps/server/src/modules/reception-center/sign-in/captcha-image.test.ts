import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, GLYPHS } from './captcha-glyphs.ts';
import { renderCaptcha } from './captcha-image.ts';

const pathData = (svg: string) => [...svg.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);
const randomAnswer = () => Array.from({ length: 5 }, () => CAPTCHA_ALPHABET[Math.floor(Math.random() * CAPTCHA_ALPHABET.length)]).join('');

describe('the captcha picture', () => {
  it('has an outline for every character of the alphabet', () => {
    expect(Object.keys(GLYPHS).sort()).toEqual([...CAPTCHA_ALPHABET].sort());
    for (const strokes of Object.values(GLYPHS)) expect(strokes.every((stroke) => stroke.length >= 2)).toBe(true);
  });

  it('is paths only: no text, title, ids or other place the answer could be read from', () => {
    for (let i = 0; i < 50; i++) {
      const answer = randomAnswer();
      const svg = renderCaptcha(answer);
      expect(svg).not.toMatch(/<text|<title|<desc|<use|<symbol|font|\sid=|aria-|data-/i);
      expect(svg.toUpperCase()).not.toContain(answer);
      const elements = [...svg.matchAll(/<(\w+)/g)].map((match) => match[1]);
      expect(new Set(elements)).toEqual(new Set(['svg', 'rect', 'path']));
      // Every path holds nothing but drawing commands and numbers.
      for (const d of pathData(svg)) expect(d).toMatch(/^M[\d. MLQ-]+$/);
    }
  });

  it('never draws the same character with the same path data twice', () => {
    const first = renderCaptcha('AAAAA');
    const second = renderCaptcha('AAAAA');
    expect(first).not.toEqual(second);
    const [a, b] = [pathData(first), pathData(second)];
    expect(a.filter((d) => b.includes(d))).toEqual([]);
    expect(new Set(a).size).toBe(a.length);
    // Not even the sequence of commands (which would give a glyph's shape away) repeats.
    const commands = (svg: string) => pathData(svg).map((d) => d?.replace(/[^MLQ]/g, ''));
    expect(commands(first)).not.toEqual(commands(second));
  });
});
