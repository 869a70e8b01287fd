import { Type, type Static } from 'typebox';

export const ErrorBody = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    // Any object, written out: see object-parts.ts for why the contracts avoid TypeBox's records.
    details: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true })),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const Ok = Type.Object({ ok: Type.Literal(true) });

export const Health = Type.Object({
  // Enums rather than unions of literals: serialised without a validation pass per response.
  status: Type.Enum(['ok', 'unavailable']),
  database: Type.Enum(['up', 'down']),
});
export type Health = Static<typeof Health>;
