import type { TSchema } from 'typebox';
import { PROCESSOR_LIMITS, PROCESSOR_STEP_SCHEMAS, type ProcessorDefinition, type ProcessorStep } from '@portal/contracts';
import { isProcessorName, stepProblems } from './definition-problems.ts';
import { LexError, lexLine, type LexedLine, type LexedStep } from './text-format-lexer.ts';

/**
 * Processors as text, one a line, for import and export:
 *
 *   file    = { line "\n" }
 *   line    = [ processor ] [ comment ]             blank lines and comments are skipped
 *   processor = name ":" step { "|" step }          name as PROCESSOR_NAME_PATTERN
 *   step    = op { param }                          op: resize, crop, rotate, watermarkText, …
 *   param   = key "=" ( bare | quoted )             keys and values as the step's schema says
 *   bare    = one or more characters other than space, tab, "|" and '"'
 *   quoted  = '"' { character | \" | \\ | \n | \r | \t | \uXXXX } '"'
 *   comment = "#" to the end of the line, where a token could start (so `color=#ff0000` is a value)
 *
 * e.g. `thumb: resize width=200 height=200 fit=cover | convert format=webp quality=80`.
 * Numbers are written as JavaScript prints them, booleans as true or false.
 */

export interface TextFormatError {
  /** 1-based. */
  line: number;
  column: number;
  message: string;
}

export type ParsedProcessors = { ok: true; processors: ProcessorDefinition[] } | { ok: false; errors: TextFormatError[] };

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

type Schema = TSchema & { type?: string };
const schemaOf = (op: string) =>
  PROCESSOR_STEP_SCHEMAS[op as keyof typeof PROCESSOR_STEP_SCHEMAS] as unknown as { properties: Record<string, Schema> };
const paramNames = (op: string) => Object.keys(schemaOf(op).properties).filter((key) => key !== 'op');

/** The value text typed as the parameter's schema says; a string naming the problem when it cannot be. */
function typed(text: string, schema: Schema, key: string): { value: unknown } | string {
  if (schema.type === 'integer' || schema.type === 'number') {
    return NUMBER.test(text) ? { value: Number(text) } : `${key} must be a number, not '${text}'`;
  }
  if (schema.type === 'boolean') {
    return text === 'true' || text === 'false' ? { value: text === 'true' } : `${key} must be true or false, not '${text}'`;
  }
  return { value: text };
}

/** One lexed step as a step object, with every problem at the column of what causes it. */
function stepOf(lexed: LexedStep, report: (column: number, message: string) => void): ProcessorStep {
  const step: Record<string, unknown> = { op: lexed.op };
  if (!Object.hasOwn(PROCESSOR_STEP_SCHEMAS, lexed.op)) {
    report(lexed.column, stepProblems(step)[0]!.message);
    return step as ProcessorStep;
  }
  const columns = new Map<string, number>();
  const untyped = new Set<string>();
  const properties = schemaOf(lexed.op).properties;
  for (const param of lexed.params) {
    const schema = param.key === 'op' ? undefined : properties[param.key];
    if (!schema) {
      report(param.keyColumn, `unknown parameter '${param.key}' for ${lexed.op} (it takes ${paramNames(lexed.op).join(', ')})`);
    } else if (columns.has(param.key)) {
      report(param.keyColumn, `'${param.key}' is given twice`);
    } else {
      columns.set(param.key, param.valueColumn);
      const result = typed(param.value, schema, param.key);
      if (typeof result === 'string') {
        report(param.valueColumn, result);
        untyped.add(param.key);
      } else step[param.key] = result.value;
    }
  }
  // A value that could not be typed was reported already: its absence from the step is no second problem.
  for (const problem of stepProblems(step)) {
    const key = problem.path.slice(1);
    if (untyped.has(key) || (untyped.size && key === '')) continue;
    report(columns.get(key) ?? lexed.column, problem.message);
  }
  return step as ProcessorStep;
}

function definitionOf(lexed: LexedLine, report: (column: number, message: string) => void): ProcessorDefinition {
  if (!isProcessorName(lexed.name)) {
    report(lexed.nameColumn, `'${lexed.name}' is no processor name: 1 to 63 of a-z, 0-9, '_' and '-', starting with a letter or digit`);
  }
  const extra = lexed.steps[PROCESSOR_LIMITS.steps];
  if (extra) report(extra.column, `a processor has at most ${PROCESSOR_LIMITS.steps} steps`);
  return { name: lexed.name, steps: lexed.steps.map((step) => stepOf(step, report)) };
}

/** Reads processors from text: all of them, or every problem of every line (nothing half-imported). */
export function parseProcessors(text: string): ParsedProcessors {
  const processors: ProcessorDefinition[] = [];
  const errors: TextFormatError[] = [];
  const definedOn = new Map<string, number>();
  text.split(/\r?\n/).forEach((content, index) => {
    const line = index + 1;
    const report = (column: number, message: string) => errors.push({ line, column, message });
    let lexed: LexedLine | undefined;
    try {
      lexed = lexLine(content);
    } catch (error) {
      if (!(error instanceof LexError)) throw error;
      report(error.column, error.message);
    }
    if (!lexed) return;
    const earlier = definedOn.get(lexed.name);
    if (earlier !== undefined) report(lexed.nameColumn, `processor '${lexed.name}' is already defined on line ${earlier}`);
    definedOn.set(lexed.name, earlier ?? line);
    processors.push(definitionOf(lexed, report));
  });
  return errors.length ? { ok: false, errors } : { ok: true, processors };
}

// eslint-disable-next-line no-control-regex
const NEEDS_QUOTES = /[\s"|\\\u0000-\u001f\u007f]/u;
// eslint-disable-next-line no-control-regex
const ESCAPED = /["\\\u0000-\u001f\u007f]/g;

/** A string value: bare when the lexer reads it back unchanged, else quoted with escapes. */
function formatString(value: string): string {
  if (value && !NEEDS_QUOTES.test(value)) return value;
  const escaped = value.replace(ESCAPED, (char) => {
    const named = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }[char];
    return named ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `"${escaped}"`;
}

/** A parameter's value as the text format writes it. */
export const formatValue = (value: unknown) => (typeof value === 'string' ? formatString(value) : String(value));

function formatStep(step: ProcessorStep): string {
  const values = step as unknown as Record<string, unknown>;
  const params = paramNames(step.op)
    .filter((key) => values[key] !== undefined)
    .map((key) => `${key}=${formatValue(values[key])}`);
  return [step.op, ...params].join(' ');
}

/** One line for a processor, parameters in the schema's order. */
export const formatProcessor = (definition: ProcessorDefinition) => `${definition.name}: ${definition.steps.map(formatStep).join(' | ')}`;

/** The text `parseProcessors` reads back as the same definitions. */
export const formatProcessors = (definitions: readonly ProcessorDefinition[]) =>
  definitions.map((definition) => `${formatProcessor(definition)}\n`).join('');
