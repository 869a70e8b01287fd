import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { PROCESSOR_LIMITS, PROCESSOR_NAME_PATTERN, PROCESSOR_STEP_SCHEMAS, type ProcessorDefinition } from '@portal/contracts';

/** One thing wrong with a definition: `path` is a JSON pointer (`/steps/2/width`, `''` for the whole). */
export interface Problem {
  path: string;
  message: string;
}

type ValueError = ReturnType<typeof Value.Errors>[number];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const nameOf = (path: string) => path.split('/').pop() || 'value';

/** TypeBox's keyword errors in words a person editing a processor understands. */
function describe(error: ValueError): string {
  const { limit } = error.params as { limit?: number };
  switch (error.keyword) {
    case 'maximum':
      return `must be at most ${limit}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${limit}`;
    case 'maxLength':
      return `must be at most ${limit} characters`;
    case 'minLength':
      return 'must not be empty';
    case 'enum':
      return `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'pattern':
      return `must match ${(error.params as { pattern: string }).pattern}`;
    default:
      return error.message;
  }
}

/** The schema's errors, one per parameter (the first; a union of literals says "must be one of …"). */
function schemaProblems(schema: TSchema, value: unknown, at: string): Problem[] {
  const byPath = new Map<string, string>();
  const allowed = new Map<string, unknown[]>();
  for (const error of Value.Errors(schema, value)) {
    const path = error.instancePath;
    if (error.keyword === 'const') {
      allowed.set(path, [...(allowed.get(path) ?? []), (error.params as { allowedValue: unknown }).allowedValue]);
    } else if (error.keyword === 'required') {
      for (const missing of (error.params as { requiredProperties: string[] }).requiredProperties) {
        byPath.set(`${path}/${missing}`, `${missing} is required`);
      }
    } else if (error.keyword === 'boolean') {
      byPath.set(path, `unknown parameter '${nameOf(path)}'`);
    } else if (error.keyword !== 'additionalProperties' && error.keyword !== 'anyOf' && !byPath.has(path)) {
      byPath.set(path, `${nameOf(path)} ${describe(error)}`);
    }
  }
  for (const [path, values] of allowed) byPath.set(path, `${nameOf(path)} must be one of ${values.join(', ')}`);
  return [...byPath].map(([path, message]) => ({ path: at + path, message }));
}

const OPS = Object.keys(PROCESSOR_STEP_SCHEMAS);

/** What is wrong with one step (paths relative to the step), beyond its schema too: a resize needs a size. */
export function stepProblems(step: unknown, at = ''): Problem[] {
  if (!isRecord(step)) return [{ path: at, message: 'a step must be an object' }];
  const op = step.op;
  if (typeof op !== 'string' || !Object.hasOwn(PROCESSOR_STEP_SCHEMAS, op)) {
    return [{ path: `${at}/op`, message: `unknown step '${String(op)}': expected one of ${OPS.join(', ')}` }];
  }
  const problems = schemaProblems(PROCESSOR_STEP_SCHEMAS[op as keyof typeof PROCESSOR_STEP_SCHEMAS], step, at);
  if (op === 'resize' && step.width === undefined && step.height === undefined) {
    problems.push({ path: at, message: 'resize needs a width or a height' });
  }
  return problems;
}

export const isProcessorName = (name: string) => new RegExp(PROCESSOR_NAME_PATTERN).test(name);

/** Every problem of a whole definition (empty when it is valid): what an API answers 400 with. */
export function definitionProblems(value: unknown): Problem[] {
  if (!isRecord(value)) return [{ path: '', message: 'a processor must be an object' }];
  const problems: Problem[] = [];
  if (typeof value.name !== 'string' || !isProcessorName(value.name)) {
    problems.push({ path: '/name', message: `name must match ${PROCESSOR_NAME_PATTERN}` });
  }
  for (const key of Object.keys(value)) {
    if (key !== 'name' && key !== 'steps') problems.push({ path: `/${key}`, message: `unknown property '${key}'` });
  }
  const steps = value.steps;
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > PROCESSOR_LIMITS.steps) {
    problems.push({ path: '/steps', message: `steps must be a list of 1 to ${PROCESSOR_LIMITS.steps} steps` });
    return problems;
  }
  steps.forEach((step, index) => problems.push(...stepProblems(step, `/steps/${index}`)));
  return problems;
}

export const isProcessorDefinition = (value: unknown): value is ProcessorDefinition => definitionProblems(value).length === 0;
