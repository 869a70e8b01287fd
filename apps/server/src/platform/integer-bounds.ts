/**
 * The range of PostgreSQL's `integer`, which stores the integers the API takes (sort orders,
 * positions, counts). JSON Schema's `integer` admits 1e300 or 2^53 + 1 (a double with no fraction):
 * such a number passes validation and then fails in the database or in arithmetic, a 500 instead of a 400.
 */
export const INTEGER_RANGE = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 } as const;

type Schema = { [key: string]: unknown };

/** Keys whose values are data, not schemas: never rewritten. */
const DATA_KEYS = new Set(['default', 'examples', 'const', 'enum']);

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null;
const declaresInteger = (schema: Schema) =>
  schema.type === 'integer' || (Array.isArray(schema.type) && (schema.type as unknown[]).includes('integer'));

/**
 * The input schema with every `integer` bounded to {@link INTEGER_RANGE} on each side it leaves
 * open; a bound the schema declares is kept. Answers the very same object when nothing changes, and
 * leaves alone subschemas with an `$id`: they are registered once and shared, and a changed copy
 * under the same id would clash with the registered one.
 */
export function boundIntegers<T>(schema: T, done = new WeakMap<object, unknown>()): T {
  if (!isObject(schema)) return schema;
  if (done.has(schema)) return done.get(schema) as T;
  let changed = false;
  const rewritten = (Array.isArray(schema) ? [...schema] : { ...schema }) as Schema;
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYS.has(key) || !isObject(value) || '$id' in value) continue;
    const inner = boundIntegers(value, done);
    if (inner !== value) {
      rewritten[key] = inner;
      changed = true;
    }
  }
  if (!Array.isArray(schema) && declaresInteger(schema)) {
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) {
      rewritten.minimum = INTEGER_RANGE.minimum;
      changed = true;
    }
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) {
      rewritten.maximum = INTEGER_RANGE.maximum;
      changed = true;
    }
  }
  const result = (changed ? rewritten : schema) as T;
  done.set(schema, result);
  return result;
}
