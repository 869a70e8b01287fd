import { EXTERNAL_API_METHODS, ExternalApiInput, type ExternalApiMethod } from '@portal/contracts';
import { Value } from 'typebox/value';
import { AppError } from '../../../../platform/errors.ts';

/** At most this many operations per document: each is one row written in the import's transaction. */
export const MAX_IMPORTED_OPERATIONS = 1000;

/** One refused operation of a document, in `details.operations` of the 400. */
export interface OperationProblem {
  /** `GET /pets/{id}`, or the path alone when the path item itself is wrong. */
  operation: string;
  field: string;
  reason: string;
}

const PATH_RULE = 'must be a path template such as /pets/{petId}: no empty, . or .. segment, no encoded dot or slash';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHOD_KEYS = new Map(EXTERNAL_API_METHODS.map((method) => [method.toLowerCase(), method]));

/** The operation as an API input: the path item's parameters first, the operation's own after. */
function inputOf(method: ExternalApiMethod, path: string, item: Record<string, unknown>, operation: Record<string, unknown>) {
  const shared = Array.isArray(item.parameters) ? item.parameters : [];
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  return {
    method,
    path,
    summary: operation.summary ?? null,
    description: operation.description ?? null,
    tags: operation.tags ?? [],
    parameters: [...shared, ...own],
    requestBody: operation.requestBody ?? null,
    responses: operation.responses ?? {},
  };
}

/** The first thing wrong with an input, in words, naming its field. */
function problemOf(input: unknown): { field: string; reason: string } | null {
  for (const error of Value.Errors(ExternalApiInput, input)) {
    const field = error.instancePath.split('/')[1] || 'operation';
    const reason = error.keyword === 'pattern' ? PATH_RULE : error.message;
    return { field, reason: `${field} ${reason}` };
  }
  return null;
}

/**
 * The operations of an OpenAPI 3 document's `paths` as API inputs, every one checked; any problem
 * refuses the whole document (400 VALIDATION_FAILED naming each bad operation).
 */
export function operationsOf(paths: Record<string, unknown>): ExternalApiInput[] {
  const inputs: ExternalApiInput[] = [];
  const problems: OperationProblem[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) {
      problems.push({ operation: path, field: 'paths', reason: 'a path item must be an object' });
      continue;
    }
    for (const [key, operation] of Object.entries(item)) {
      if (key === 'trace') problems.push({ operation: `TRACE ${path}`, field: 'method', reason: 'TRACE is not accepted' });
      const method = METHOD_KEYS.get(key);
      // Other keys of a path item (summary, parameters, servers, extensions) are not operations.
      if (!method) continue;
      const name = `${method} ${path}`;
      if (!isRecord(operation)) {
        problems.push({ operation: name, field: 'operation', reason: 'an operation must be an object' });
        continue;
      }
      const input = inputOf(method, path, item, operation);
      const problem = problemOf(input);
      if (problem) problems.push({ operation: name, ...problem });
      else inputs.push(input as ExternalApiInput);
    }
  }
  if (problems.length === 0 && inputs.length === 0) {
    problems.push({ operation: '', field: 'paths', reason: 'the document declares no operation' });
  }
  if (inputs.length + problems.length > MAX_IMPORTED_OPERATIONS) {
    throw new AppError('VALIDATION_FAILED', `A document may declare at most ${MAX_IMPORTED_OPERATIONS} operations`, { field: 'paths' });
  }
  if (problems.length > 0) {
    const first = problems[0];
    throw new AppError('VALIDATION_FAILED', `Bad operation ${first?.operation}: ${first?.reason}`, { operations: problems.slice(0, 100) });
  }
  return inputs;
}
