/**
 * Splits one line of the processor text format into its parts, with 1-based columns for messages.
 * The grammar is in text-format.ts; values stay text here (typing them needs the step's schema).
 */

export interface LexedParam {
  key: string;
  keyColumn: number;
  value: string;
  valueColumn: number;
}

export interface LexedStep {
  op: string;
  column: number;
  params: LexedParam[];
}

export interface LexedLine {
  name: string;
  nameColumn: number;
  steps: LexedStep[];
}

/** What is wrong at a column of the line. */
export class LexError extends Error {
  constructor(
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', r: '\r', t: '\t' };
const IDENTIFIER = /[A-Za-z0-9_]/;
const NAME = /[^ \t:|#"=]/;
const BARE = /[^ \t|"]/;

/** The parts of `line`, or undefined for a blank or comment line. Throws LexError. */
export function lexLine(line: string): LexedLine | undefined {
  let at = 0;
  const column = () => at + 1;
  const skipSpace = () => {
    while (line[at] === ' ' || line[at] === '\t') at++;
  };
  // A `#` where a token could start begins a comment (inside a value, as in `color=#fff`, it does not).
  const atEnd = () => at >= line.length || line[at] === '#';
  const read = (allowed: RegExp) => {
    const start = at;
    while (at < line.length && allowed.test(line[at]!)) at++;
    return line.slice(start, at);
  };
  const found = () => (at < line.length ? `'${line[at]}'` : 'the end of the line');

  function readQuoted(): string {
    const start = column();
    let value = '';
    at++;
    for (;;) {
      const char = line[at];
      if (char === undefined) throw new LexError(start, 'the quoted value has no closing "');
      at++;
      if (char === '"') return value;
      if (char !== '\\') {
        value += char;
        continue;
      }
      const escaped = line[at] ?? '';
      const hex = line.slice(at + 1, at + 5);
      if (escaped in ESCAPES) {
        value += ESCAPES[escaped];
        at++;
      } else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {
        value += String.fromCharCode(parseInt(hex, 16));
        at += 5;
      } else throw new LexError(at, `unknown escape \\${escaped} (use \\", \\\\, \\n, \\r, \\t or \\uXXXX)`);
    }
  }

  function readParam(): LexedParam {
    const keyColumn = column();
    const key = read(IDENTIFIER);
    if (!key) throw new LexError(keyColumn, `expected a parameter name, found ${found()}`);
    if (line[at] !== '=') throw new LexError(column(), `expected '=' after '${key}', found ${found()}`);
    at++;
    const valueColumn = column();
    if (line[at] === '"') return { key, keyColumn, value: readQuoted(), valueColumn };
    const value = read(BARE);
    if (!value) throw new LexError(valueColumn, `expected a value for '${key}', found ${found()}`);
    return { key, keyColumn, value, valueColumn };
  }

  function readStep(after: string): LexedStep {
    skipSpace();
    const stepColumn = column();
    if (atEnd()) throw new LexError(stepColumn, `expected a step after ${after}`);
    const op = read(IDENTIFIER);
    if (!op) throw new LexError(stepColumn, `expected a step name, found ${found()}`);
    const params: LexedParam[] = [];
    for (;;) {
      if (!atEnd() && line[at] !== ' ' && line[at] !== '\t' && line[at] !== '|') {
        throw new LexError(column(), `expected a space, '|' or the end of the line, found ${found()}`);
      }
      skipSpace();
      if (atEnd() || line[at] === '|') return { op, column: stepColumn, params };
      params.push(readParam());
    }
  }

  skipSpace();
  if (atEnd()) return undefined;
  const nameColumn = column();
  const name = read(NAME);
  if (!name) throw new LexError(nameColumn, `expected a processor name, found ${found()}`);
  skipSpace();
  if (line[at] !== ':') throw new LexError(column(), `expected ':' after the processor name, found ${found()}`);
  at++;
  const steps = [readStep("':'")];
  while (line[at] === '|') {
    at++;
    steps.push(readStep("'|'"));
  }
  return { name, nameColumn, steps };
}
