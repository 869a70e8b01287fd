/**
 * Form values as the server expects them: text trimmed; blank optional text and cleared pickers
 * sent as null when listed in `nullable` (the schemas take `null` for "none", and an empty string
 * would fail their patterns); other cleared values (e.g. an emptied number) left out; fields in
 * `verbatim` (passwords) sent exactly as typed, and left out when blank.
 */
export function toInput<T extends object>(values: T, options: { nullable?: readonly string[]; verbatim?: readonly string[] } = {}): T {
  const nullable = new Set(options.nullable);
  const verbatim = new Set(options.verbatim);
  const entries = Object.entries(values).flatMap(([key, value]): [string, unknown][] => {
    if (verbatim.has(key)) return value === undefined || value === null || value === '' ? [] : [[key, value]];
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '' || text === undefined || text === null) {
      if (nullable.has(key)) return [[key, null]];
      return text === '' ? [[key, '']] : [];
    }
    return [[key, text]];
  });
  return Object.fromEntries(entries) as T;
}
