const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored settings value read against today's defaults: each field the defaults have is taken from
 * the stored value when it is there, else from the defaults (a field added after the value was
 * saved); fields the defaults no longer have are dropped. Objects are walked, anything else is a leaf.
 */
export function withDefaults<T>(defaults: T, stored: unknown): T {
  if (!isRecord(defaults)) return (stored === undefined ? defaults : stored) as T;
  if (!isRecord(stored)) return defaults;
  return Object.fromEntries(Object.entries(defaults).map(([key, fallback]) => [key, withDefaults(fallback, stored[key])])) as T;
}
