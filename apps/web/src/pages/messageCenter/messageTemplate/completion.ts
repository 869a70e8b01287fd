/**
 * Variable completion in a Liquid field: typing `{{` (or a name after it, or after a tag such as
 * `{% if `) offers the declared variables, and after `order.` the properties of `order`'s sample;
 * choosing one writes it in, closing `{{ … }}` once the value chosen has no properties of its own.
 * Pure functions over the text and the caret, so the widget stays thin.
 */

/** What is being completed: the name typed so far, from `from` to the caret, after the path before it. */
export interface CompletionSpot {
  from: number;
  to: number;
  query: string;
  /** The names before the last dot (`order.customer.na` → ['order', 'customer']); empty for a variable. */
  path: string[];
  /** In an output (`{{`): the completion may close it with ` }}`. */
  output: boolean;
  /** Nothing separates the `{{` from the name yet: the completion adds a space. */
  needsSpace: boolean;
}

/** A declared variable as completion reads it. */
export interface Declared {
  name: string;
  description?: string | null | undefined;
  sample?: unknown;
}

/** One choice offered: a name, what it means, and whether it is a leaf (no properties to go on with). */
export interface Offer {
  name: string;
  description?: string | null | undefined;
  leaf: boolean;
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const PATH = `((?:${NAME}\\.)*)(${NAME})?`;
const OUTPUT = new RegExp(`\\{\\{-?(\\s*)${PATH}$`);
const TAG = new RegExp(`\\{%-?\\s*(?:if|elsif|unless|case|when|for\\s+${NAME}\\s+in|assign\\s+${NAME}\\s*=|echo)\\s+${PATH}$`);

/** The spot the caret is completing, or null when it is not in a name right after `{{` or a tag's expression start. */
export function completionAt(text: string, caret: number): CompletionSpot | null {
  const before = text.slice(0, caret);
  const output = OUTPUT.exec(before);
  const match = output ?? TAG.exec(before);
  if (!match) return null;
  const [pathText, query = ''] = output ? [output[2], output[3]] : [match[1], match[2]];
  const path = (pathText ?? '').split('.').filter(Boolean);
  const needsSpace = output !== null && path.length === 0 && (output[1] ?? '') === '';
  return { from: caret - query.length, to: caret, query, path, output: output !== null, needsSpace };
}

const isShaped = (value: unknown): value is object => value !== null && typeof value === 'object';

/** Liquid's properties of an array; its elements are read through `first` and `last`. */
const ARRAY_PROPERTIES = ['first', 'last', 'size'];

/** One step into a sample, as Liquid reads it. */
function step(value: unknown, name: string): unknown {
  if (Array.isArray(value)) return name === 'first' ? value[0] : name === 'last' ? value.at(-1) : undefined;
  return isShaped(value) && Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

/** What can follow a value: its keys, or an array's properties. */
function propertiesOf(value: unknown): Offer[] {
  if (Array.isArray(value)) return ARRAY_PROPERTIES.map((name) => ({ name, leaf: name === 'size' || !isShaped(value[0]) }));
  if (!isShaped(value)) return [];
  return Object.entries(value).map(([name, inner]) => ({ name, leaf: !isShaped(inner) }));
}

/** The names matching what was typed: those starting with it first, then those containing it (any case). */
export function matching<T extends { name: string }>(offers: readonly T[], query: string): T[] {
  const wanted = query.toLowerCase();
  const starts = (offer: T) => offer.name.toLowerCase().startsWith(wanted);
  return [...offers.filter(starts), ...offers.filter((offer) => !starts(offer) && offer.name.toLowerCase().includes(wanted))];
}

/** What the spot offers: the declared variables, or the properties of the sample its path leads to. */
export function offersAt(spot: CompletionSpot, declared: readonly Declared[]): Offer[] {
  const [root, ...rest] = spot.path;
  if (root === undefined) {
    return matching(
      declared.map((variable) => ({ name: variable.name, description: variable.description, leaf: !isShaped(variable.sample) })),
      spot.query,
    );
  }
  const start = declared.find((variable) => variable.name === root)?.sample;
  return matching(propertiesOf(rest.reduce(step, start)), spot.query);
}

/** The text with the name written in at the spot, and where the caret goes (after the closing `}}`, if one was added). */
export function applyCompletion(text: string, spot: CompletionSpot, offer: Pick<Offer, 'name' | 'leaf'>): { text: string; caret: number } {
  const after = text.slice(spot.to);
  const closes = spot.output && offer.leaf && !/^\s*-?\}\}/.test(after);
  const inserted = `${spot.needsSpace ? ' ' : ''}${offer.name}${closes ? ' }}' : ''}`;
  return { text: text.slice(0, spot.from) + inserted + after, caret: spot.from + inserted.length };
}
