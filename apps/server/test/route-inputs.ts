import fc from 'fast-check';

/** Replaces `:param` segments with a value (URL-encoded). */
export const fillPath = (url: string, value = 'x'): string => url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value));

/**
 * Numbers that pass a schema's type but not what lies behind it: beyond a double's safe integers,
 * beyond PostgreSQL's integer, not finite. As text, since that is how a query or a path carries them.
 */
const HUGE_NUMBER_TEXTS = [
  '1e300',
  '-1e300',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
];
const hugeNumberText = fc.constantFrom(...HUGE_NUMBER_TEXTS);
/** The same as JSON numbers (JSON has no Infinity or NaN: those stay text; 2^53 + 1 is no double, 2^53 + 2 is). */
const hugeNumber = fc.constantFrom(1e300, -1e300, 2 ** 53 + 2, -(2 ** 53 + 2), 2 ** 31, -(2 ** 31) - 1, Number.MAX_VALUE);

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constantFrom('../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', '\u0000', '{}', '[]', '-1', '1e309'),
  hugeNumber,
  hugeNumberText,
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));

/** Objects shaped like the schema (its own keys) but with values of any type, plus stray keys. */
export function inputFor(schema: unknown): fc.Arbitrary<unknown> {
  const keys = Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
  const shaped = fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] });
  return fc.oneof(shaped, fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 5 }), fc.jsonValue());
}

/**
 * JSON text nested thousands of levels deep (arrays, objects, or both in turn): a parser or a walk
 * over the parsed value that recurses once per level runs out of stack long before the end.
 */
const deeplyNestedJson = fc
  .record({ depth: fc.integer({ min: 2_000, max: 100_000 }), kind: fc.constantFrom('array', 'object', 'mixed') })
  .map(({ depth, kind }) => {
    const opens: string[] = [];
    const closes: string[] = [];
    for (let level = 0; level < depth; level++) {
      const array = kind === 'array' || (kind === 'mixed' && level % 2 === 0);
      opens.push(array ? '[' : '{"a":');
      closes.push(array ? ']' : '}');
    }
    const text = `${opens.join('')}1${closes.reverse().join('')}`;
    // A counterexample names its depth instead of printing tens of thousands of brackets.
    return { depth, text, [fc.toStringMethod]: () => `JSON nested ${depth} levels deep (${kind})` };
  });

/**
 * The text of a request body: JSON of values shaped like the schema, and now and then JSON nested
 * deeper than any real input (`deep` set), which must be refused with a 4xx like any bad body.
 */
export const bodyTextFor = (schema: unknown): fc.Arbitrary<{ text: string; deep?: number }> =>
  fc.oneof(
    { weight: 5, arbitrary: inputFor(schema).map((body) => ({ text: JSON.stringify(body) ?? 'null' })) },
    {
      weight: 1,
      arbitrary: deeplyNestedJson.map(({ depth, text }) => ({
        text,
        deep: depth,
        [fc.toStringMethod]: () => `JSON nested ${depth} levels deep`,
      })),
    },
  );

export const queryFor = (schema: unknown) =>
  fc.record(
    Object.fromEntries(
      Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).map((key) => [
        key,
        fc.oneof(fc.string({ maxLength: 300 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }), hugeNumberText),
      ]),
    ),
    { requiredKeys: [] },
  );

export const pathValue = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.uuid(),
  fc.integer().map(String),
  fc.constant('%00'),
  hugeNumberText,
);
