import { Type, type TObject, type TProperties } from 'typebox';

/*
 * Type.Pick and Type.Omit for plain objects, without TypeBox's type engine: the engine (template
 * literals, evaluation, records) would otherwise be in the chunk every page loads to call the server,
 * ~12 KB gzip on /login. For the same reason the contracts use no Type.Record, Partial or Intersect.
 */

/** An object of the named properties of another. */
export function pickProperties<P extends TProperties, K extends keyof P & string>(
  schema: TObject<P>,
  keys: readonly K[],
): TObject<Pick<P, K>> {
  return Type.Object(Object.fromEntries(keys.map((key) => [key, schema.properties[key]])) as Pick<P, K>);
}

/** An object of the properties of another but the named ones. */
export function omitProperties<P extends TProperties, K extends keyof P & string>(
  schema: TObject<P>,
  keys: readonly K[],
): TObject<Omit<P, K>> {
  const left = Object.entries(schema.properties).filter(([key]) => !(keys as readonly string[]).includes(key));
  return Type.Object(Object.fromEntries(left) as Omit<P, K>);
}
