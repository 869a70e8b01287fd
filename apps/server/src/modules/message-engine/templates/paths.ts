import { TypeGuards, toValueSync, type Liquid, type Template, type Variable } from 'liquidjs';

/** A place whose shape nothing tells (a local, a loop counter, a sample that is no object). */
export const UNKNOWN = Symbol('unknown shape');
const MISSING = Symbol('missing property');

/** A path segment the sample does not have, where it was used. */
export interface MissingProperty {
  /** The path as written up to the missing segment: `order.nmbr`, `order.items[0].skuu`. */
  path: string;
  line: number;
  col: number;
}

const isShaped = (value: unknown): value is object => value !== null && typeof value === 'object';

/** One step into a sample, as Liquid reads properties (`size`, `first` and `last` of arrays; own keys of objects). */
function step(value: object, segment: string | number): unknown {
  if (Array.isArray(value)) {
    if (typeof segment === 'number') return segment < value.length && segment >= -value.length ? value.at(segment) : UNKNOWN;
    if (segment === 'first') return value.length > 0 ? value[0] : UNKNOWN;
    if (segment === 'last') return value.length > 0 ? value.at(-1) : UNKNOWN;
    return segment === 'size' ? UNKNOWN : MISSING;
  }
  const key = String(segment);
  if (Object.hasOwn(value, key)) return (value as Record<string, unknown>)[key];
  return key === 'size' ? UNKNOWN : MISSING;
}

/** Follows segments through a sample: the index of the first one it lacks, or the value reached (UNKNOWN once the shape ends). */
function follow(shape: unknown, segments: readonly unknown[]): { missingAt: number } | { value: unknown } {
  let current = shape;
  for (const [index, segment] of segments.entries()) {
    // A primitive, an unknown or a computed index (`a[b]`): nothing more to check.
    if (!isShaped(current) || (typeof segment !== 'string' && typeof segment !== 'number')) return { value: UNKNOWN };
    const next = step(current, segment);
    if (next === MISSING) return { missingAt: index };
    current = next;
  }
  return { value: current };
}

const pathText = (root: string, segments: readonly unknown[]) =>
  root + segments.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('');

/** The variables one node's own arguments use (nested ones included), without its children. */
function variablesOf(liquid: Liquid, args: () => Iterable<unknown>): Variable[] {
  const probe = { arguments: args } as unknown as Template;
  return Object.values(liquid.analyzeSync([probe], { partials: false }).variables).flat();
}

interface LoopTag {
  variable: string;
  collection: unknown;
}
const isLoop = (node: Template): node is Template & LoopTag => 'variable' in node && 'collection' in node;

/**
 * Checks every property path of a parsed template against the shapes of the declared samples: a
 * path into an object sample must name its keys, and a loop (`for`, `tablerow`) over an array sample
 * gives its variable the shape of the first element. Locals (`assign`, `capture`) and loop counters
 * have no shape and are not checked; undeclared roots are the static analysis' own finding.
 */
export function missingProperties(liquid: Liquid, parsed: Template[], samples: ReadonlyMap<string, unknown>): MissingProperty[] {
  const found: MissingProperty[] = [];
  // frames[0] holds the template-wide locals; each block pushes its own names.
  const frames: Map<string, unknown>[] = [new Map()];
  const shapeOf = (root: string): unknown => {
    for (let index = frames.length - 1; index >= 0; index -= 1) {
      const frame = frames[index];
      if (frame?.has(root)) return frame.get(root);
    }
    return samples.has(root) ? samples.get(root) : UNKNOWN;
  };

  const check = (variable: Variable) => {
    const [root, ...segments] = variable.segments;
    if (typeof root !== 'string') return;
    const result = follow(shapeOf(root), segments);
    if ('missingAt' in result) {
      found.push({
        path: pathText(root, segments.slice(0, result.missingAt + 1)),
        line: variable.location.row,
        col: variable.location.col,
      });
    }
  };

  const loopElement = (loop: LoopTag): unknown => {
    if (!TypeGuards.isPropertyAccessToken(loop.collection)) return UNKNOWN;
    const [collection] = variablesOf(liquid, function* () {
      yield loop.collection;
    });
    const [root, ...segments] = collection?.segments ?? [];
    if (typeof root !== 'string') return UNKNOWN;
    const reached = follow(shapeOf(root), segments);
    return 'value' in reached && Array.isArray(reached.value) && reached.value.length > 0 ? reached.value[0] : UNKNOWN;
  };

  const visit = (node: Template) => {
    if (node.arguments) for (const variable of variablesOf(liquid, () => node.arguments?.() ?? [])) check(variable);
    for (const ident of node.localScope?.() ?? []) frames[0]?.set(ident.content, UNKNOWN);
    if (!node.children) return;
    const names = [...(node.blockScope?.() ?? [])];
    const element = isLoop(node) ? loopElement(node) : UNKNOWN;
    if (names.length > 0) frames.push(new Map(names.map((name) => [name, isLoop(node) && name === node.variable ? element : UNKNOWN])));
    for (const child of toValueSync(node.children(false, true))) visit(child);
    if (names.length > 0) frames.pop();
  };

  for (const node of parsed) visit(node);
  return found;
}
