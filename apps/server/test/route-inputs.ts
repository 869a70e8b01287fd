import fc from 'fast-check';

/** Replaces `:param` segments with a value (URL-encoded). */
export const fillPath = (url: string, value = 'x'): string => url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value));

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constantFrom('../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', '\u0000', '{}', '[]', '-1', '1e309'),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));

/** Objects shaped like the schema (its own keys) but with values of any type, plus stray keys. */
export function inputFor(schema: unknown): fc.Arbitrary<unknown> {
  const keys = Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
  const shaped = fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] });
  return fc.oneof(shaped, fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 5 }), fc.jsonValue());
}

export const queryFor = (schema: unknown) =>
  fc.record(
    Object.fromEntries(
      Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).map((key) => [
        key,
        fc.oneof(fc.string({ maxLength: 300 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 })),
      ]),
    ),
    { requiredKeys: [] },
  );

export const pathValue = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.uuid(), fc.integer().map(String), fc.constant('%00'));
