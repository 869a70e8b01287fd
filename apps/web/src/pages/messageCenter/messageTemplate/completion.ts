/**
 * Variable completion in a Liquid field: typing `{{` (or a name after it, or after a tag such as
 * `{% if `) offers the declared variables; choosing one writes it in, closing `{{ … }}` when needed.
 * Pure functions over the text and the caret, so the widget stays thin.
 */

/** What is being completed: the name typed so far, from `from` to the caret. */
export interface CompletionSpot {
  from: number;
  to: number;
  query: string;
  /** In an output (`{{`): the completion closes it with ` }}` unless it is closed already. */
  output: boolean;
  /** Nothing separates the `{{` from the name yet: the completion adds a space. */
  needsSpace: boolean;
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const OUTPUT = new RegExp(`\\{\\{-?(\\s*)(${NAME})?$`);
const TAG = new RegExp(`\\{%-?\\s*(?:if|elsif|unless|case|when|for\\s+${NAME}\\s+in|assign\\s+${NAME}\\s*=|echo)\\s+(${NAME})?$`);

/** The spot the caret is completing, or null when it is not right after `{{` or a tag's expression start. */
export function completionAt(text: string, caret: number): CompletionSpot | null {
  const before = text.slice(0, caret);
  const output = OUTPUT.exec(before);
  if (output) {
    const query = output[2] ?? '';
    return { from: caret - query.length, to: caret, query, output: true, needsSpace: (output[1] ?? '') === '' };
  }
  const tag = TAG.exec(before);
  if (tag) {
    const query = tag[1] ?? '';
    return { from: caret - query.length, to: caret, query, output: false, needsSpace: false };
  }
  return null;
}

/** The declared names matching what was typed: those starting with it first, then those containing it (any case). */
export function matchingNames(names: readonly string[], query: string): string[] {
  const wanted = query.toLowerCase();
  const starting = names.filter((name) => name.toLowerCase().startsWith(wanted));
  const containing = names.filter((name) => !name.toLowerCase().startsWith(wanted) && name.toLowerCase().includes(wanted));
  return [...starting, ...containing];
}

/** The text with the name written in at the spot, and where the caret goes (after the closing `}}`, if one was added). */
export function applyCompletion(text: string, spot: CompletionSpot, name: string): { text: string; caret: number } {
  const after = text.slice(spot.to);
  const closed = /^\s*-?\}\}/.test(after);
  const inserted = `${spot.needsSpace ? ' ' : ''}${name}${spot.output && !closed ? ' }}' : ''}`;
  return { text: text.slice(0, spot.from) + inserted + after, caret: spot.from + inserted.length };
}
