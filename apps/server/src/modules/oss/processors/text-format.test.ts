import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProcessorDefinition, ProcessorStep } from '@portal/contracts';
import { formatProcessors, formatValue, parseProcessors } from './text-format.ts';

const example = [
  '# Thumbnails for the gallery',
  'thumb: resize width=200 height=200 fit=cover | convert format=webp quality=80',
  '',
  '   mark : watermarkText text="© ACME | \\"2026\\"" color=#ffffff opacity=0.5 gravity=southeast # the corner',
  'turn: rotate angle=-45 background=#00ff00|crop left=0 top=0 width=10 height=10',
].join('\r\n');

describe('parseProcessors', () => {
  it('reads processors, skipping comments and blank lines, with quoted text and # inside values', () => {
    expect(parseProcessors(example)).toEqual({
      ok: true,
      processors: [
        {
          name: 'thumb',
          steps: [
            { op: 'resize', width: 200, height: 200, fit: 'cover' },
            { op: 'convert', format: 'webp', quality: 80 },
          ],
        },
        {
          name: 'mark',
          steps: [{ op: 'watermarkText', text: '© ACME | "2026"', color: '#ffffff', opacity: 0.5, gravity: 'southeast' }],
        },
        {
          name: 'turn',
          steps: [
            { op: 'rotate', angle: -45, background: '#00ff00' },
            { op: 'crop', left: 0, top: 0, width: 10, height: 10 },
          ],
        },
      ],
    });
  });

  it('fails as a whole, listing every bad line with its line and column', () => {
    const text = [
      'ok: resize width=10',
      'Bad: resize width=abc fit=square',
      'x: spin',
      'y: crop left=0 top=0 width=10 size=3',
      'z: resize width=10 |',
      'w: watermarkText text="unterminated',
      'ok: resize height=5 height=6',
      'v resize',
      'u: resize width=10height=3 withoutEnlargement=yes',
      'q: convert format=png quality=101 | rotate angle=90 background=#12345',
    ].join('\n');
    const result = parseProcessors(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      { line: 2, column: 1, message: "'Bad' is no processor name: 1 to 63 of a-z, 0-9, '_' and '-', starting with a letter or digit" },
      { line: 2, column: 19, message: "width must be a number, not 'abc'" },
      { line: 2, column: 27, message: 'fit must be one of cover, contain, fill, inside, outside' },
      {
        line: 3,
        column: 4,
        message: "unknown step 'spin': expected one of resize, crop, rotate, watermarkText, watermarkImage, convert",
      },
      { line: 4, column: 31, message: "unknown parameter 'size' for crop (it takes left, top, width, height)" },
      { line: 4, column: 4, message: 'height is required' },
      { line: 5, column: 21, message: "expected a step after '|'" },
      { line: 6, column: 23, message: 'the quoted value has no closing "' },
      { line: 7, column: 1, message: "processor 'ok' is already defined on line 1" },
      { line: 7, column: 21, message: "'height' is given twice" },
      { line: 8, column: 3, message: "expected ':' after the processor name, found 'r'" },
      { line: 9, column: 17, message: "width must be a number, not '10height=3'" },
      { line: 9, column: 47, message: "withoutEnlargement must be true or false, not 'yes'" },
      { line: 10, column: 31, message: 'quality must be at most 100' },
      { line: 10, column: 64, message: 'background must match ^#[0-9a-fA-F]{6}$' },
    ]);
  });

  it('bounds the steps of a processor and reports bad escapes', () => {
    const many = `big: ${Array.from({ length: 13 }, () => 'rotate angle=90').join(' | ')}`;
    expect(parseProcessors(many)).toEqual({
      ok: false,
      errors: [{ line: 1, column: 6 + 12 * 18, message: 'a processor has at most 12 steps' }],
    });
    expect(parseProcessors('a: watermarkText text="x\\q"')).toEqual({
      ok: false,
      errors: [{ line: 1, column: 25, message: 'unknown escape \\q (use \\", \\\\, \\n, \\r, \\t or \\uXXXX)' }],
    });
  });

  it('reads an empty text as no processors', () => {
    expect(parseProcessors('\n  # nothing\n')).toEqual({ ok: true, processors: [] });
  });
});

describe('formatProcessors', () => {
  it('writes one line a processor, parameters in the schema order, quoting only what needs it', () => {
    const parsed = parseProcessors(example);
    expect(parsed.ok && formatProcessors(parsed.processors)).toBe(
      [
        'thumb: resize width=200 height=200 fit=cover | convert format=webp quality=80',
        'mark: watermarkText text="© ACME | \\"2026\\"" color=#ffffff opacity=0.5 gravity=southeast',
        'turn: rotate angle=-45 background=#00ff00 | crop left=0 top=0 width=10 height=10',
        '',
      ].join('\n'),
    );
    const controls: ProcessorDefinition = { name: 'c', steps: [{ op: 'watermarkText', text: 'a\tb\nc\u0001\\' }] };
    expect(formatProcessors([controls])).toBe('c: watermarkText text="a\\tb\\nc\\u0001\\\\"\n');
  });
});

const text = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }),
  fc.string({
    unit: fc.constantFrom('"', '\\', '|', '#', ' ', '\n', '\r', '\t', '=', ':', 'a', '\u0001', '\u2028'),
    minLength: 1,
    maxLength: 30,
  }),
);
const unit = fc.double({ min: 0, max: 1, noNaN: true }).map((value) => (value === 0 ? 0 : value));
const colour = fc.stringMatching(/^#[0-9a-fA-F]{6}$/);
const gravity = fc.constantFrom('center', 'north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest');
const dimension = fc.integer({ min: 1, max: 8192 });
const offset = fc.integer({ min: 0, max: 65_535 });
const margin = fc.integer({ min: 0, max: 4096 });
const step: fc.Arbitrary<ProcessorStep> = fc.oneof(
  fc
    .record(
      {
        op: fc.constant('resize' as const),
        width: dimension,
        height: dimension,
        fit: fc.constantFrom('cover', 'contain', 'fill', 'inside', 'outside'),
        withoutEnlargement: fc.boolean(),
      },
      { requiredKeys: ['op'] },
    )
    .filter((resize) => resize.width !== undefined || resize.height !== undefined),
  fc.record({ op: fc.constant('crop' as const), left: offset, top: offset, width: dimension, height: dimension }),
  fc.record(
    { op: fc.constant('rotate' as const), angle: fc.integer({ min: -360, max: 360 }), background: colour },
    { requiredKeys: ['op', 'angle'] },
  ),
  fc.record(
    {
      op: fc.constant('watermarkText' as const),
      text,
      fontSize: fc.integer({ min: 4, max: 512 }),
      color: colour,
      opacity: unit,
      gravity,
      margin,
    },
    { requiredKeys: ['op', 'text'] },
  ),
  fc.record(
    {
      op: fc.constant('watermarkImage' as const),
      key: text,
      gravity,
      opacity: unit,
      scale: fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true }),
      margin,
    },
    { requiredKeys: ['op', 'key'] },
  ),
  fc.record(
    {
      op: fc.constant('convert' as const),
      format: fc.constantFrom('webp', 'avif', 'png', 'jpeg'),
      quality: fc.integer({ min: 1, max: 100 }),
    },
    { requiredKeys: ['op', 'format'] },
  ),
);
const definition: fc.Arbitrary<ProcessorDefinition> = fc.record({
  name: fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,62}$/),
  steps: fc.array(step, { minLength: 1, maxLength: 12 }),
});
const definitions = fc.uniqueArray(definition, { selector: (one) => one.name, maxLength: 6 });

/** The same processors written as a person might: any spacing, parameters in any order, comments and blank lines. */
const handWritten = (processors: ProcessorDefinition[]) =>
  fc.tuple(...processors.map(() => fc.tuple(fc.integer({ min: 0, max: 2 ** 20 }), fc.boolean(), fc.boolean()))).map((choices) =>
    processors
      .map((processor, index) => {
        const [seed, comment, blank] = choices[index]!;
        const space = (n: number) => [' ', '  ', '\t'][(seed >> n) % 3]!;
        const steps = processor.steps.map((one, at) => {
          const { op, ...params } = one;
          const entries = Object.entries(params).map(([key, value]) => `${key}=${formatValue(value)}`);
          if ((seed >> at) & 1) entries.reverse();
          return [op, ...entries].join(space(at));
        });
        const line = `${space(1)}${processor.name}${space(2)}:${space(3)}${steps.join(`${space(4)}|${space(5)}`)}`;
        return `${blank ? '\n  \n' : ''}${line}${comment ? `${space(6)}# note: a | b="c` : ''}`;
      })
      .join('\n'),
  );

describe('round trips', () => {
  it('parse(format(definitions)) gives the definitions back', () => {
    fc.assert(
      fc.property(definitions, (processors) => {
        expect(parseProcessors(formatProcessors(processors))).toEqual({ ok: true, processors });
      }),
      { numRuns: 300 },
    );
  });

  it('format(parse(text)) is stable and independent of spacing, parameter order and comments', () => {
    fc.assert(
      fc.property(
        definitions.chain((processors) => fc.tuple(fc.constant(processors), handWritten(processors))),
        ([processors, written]) => {
          const parsed = parseProcessors(written);
          expect(parsed).toEqual({ ok: true, processors });
          const formatted = formatProcessors(processors);
          const again = parseProcessors(formatted);
          expect(again.ok && formatProcessors(again.processors)).toBe(formatted);
        },
      ),
      { numRuns: 300 },
    );
  });
});
