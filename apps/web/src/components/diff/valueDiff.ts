/**
 * Two values of a record (an audit entry's before and after, a past settings version and the
 * current one) as rows a person can read: nested objects are flattened to dotted paths
 * (`settings.theme.mode`), arrays and scalars are compared whole.
 */
export type ChangeKind = 'added' | 'removed' | 'changed' | 'unchanged';

export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  kind: ChangeKind;
}

/** The path of a value that is not an object (e.g. a deleted flag recorded as `true`). */
export const ROOT_PATH = '(value)';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaf values by dotted path. Nothing recorded (null/undefined) has no fields at all. */
export function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (value === null || value === undefined) return leaves;
  if (!isPlainObject(value) || (prefix !== '' && Object.keys(value).length === 0)) {
    leaves.set(prefix || ROOT_PATH, value);
    return leaves;
  }
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(child) && Object.keys(child).length > 0) flatten(child, path).forEach((leaf, leafPath) => leaves.set(leafPath, leaf));
    else leaves.set(path, child);
  }
  return leaves;
}

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isPlainObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Every field of either side, in the order they were recorded (before's first, then new ones). */
export function diffValues(before: unknown, after: unknown): DiffRow[] {
  const old = flatten(before);
  const next = flatten(after);
  const paths = [...old.keys(), ...[...next.keys()].filter((path) => !old.has(path))];
  return paths.map((path) => {
    const was = old.get(path);
    const now = next.get(path);
    const kind: ChangeKind = !old.has(path)
      ? 'added'
      : !next.has(path)
        ? 'removed'
        : stableStringify(was) === stableStringify(now)
          ? 'unchanged'
          : 'changed';
    return { path, before: was, after: now, kind };
  });
}

/** A value as shown in a cell: text as it is, anything else as JSON (indented when nested). */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, typeof value === 'object' && value !== null ? 2 : undefined);
}
