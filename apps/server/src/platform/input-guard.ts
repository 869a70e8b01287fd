import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './errors.ts';
import { boundIntegers } from './integer-bounds.ts';
import { installJsonDepthLimit } from './json-depth.ts';

/**
 * The path of the first value in `input` (a parsed query, params or body) that `bad` picks, walking
 * with a stack of its own: however deep the input nests, the walk cannot run out of call stack.
 * Uploaded bytes (a Buffer body) are not walked: they are data, not fields.
 */
export function findValue(input: unknown, path: string, bad: (value: unknown, key?: string) => boolean): string | undefined {
  const pending: [unknown, string][] = [[input, path]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, at] = next;
    if (bad(value)) return at;
    if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      if (bad(undefined, key)) return `${at}.${key}`;
      pending.push([inner, `${at}.${key}`]);
    }
  }
  return undefined;
}

const hasNul = (text: unknown) => typeof text === 'string' && text.includes('\u0000');

/** Path of the first string (or key) holding a NUL character, which PostgreSQL text cannot store. */
export const findNul = (value: unknown, path: string): string | undefined =>
  findValue(value, path, (inner, key) => hasNul(key) || hasNul(inner));

/**
 * Path of the first number that is not finite. JSON and query strings cannot carry one, but the
 * validator's type coercion makes Infinity of '1e309' or 'Infinity' and then skips its bounds
 * checks for it (Ajv checks `maximum` only on finite numbers), so it would reach the route.
 */
export const findNonFinite = (value: unknown, path: string): string | undefined =>
  findValue(value, path, (inner) => typeof inner === 'number' && !Number.isFinite(inner));

const inputsOf = (request: FastifyRequest): [unknown, string][] => [
  [request.params, 'params'],
  [request.query, 'querystring'],
  [request.body, 'body'],
];

const firstIn = (request: FastifyRequest, find: (value: unknown, path: string) => string | undefined) => {
  for (const [value, path] of inputsOf(request)) {
    const found = find(value, path);
    if (found) return found;
  }
  return undefined;
};

/** Refuses input the database could not store, before any route sees it: a 400 naming the field. */
async function nulGuard(request: FastifyRequest) {
  const field = firstIn(request, findNul);
  if (field) throw new AppError('VALIDATION_FAILED', `${field} must not contain NUL characters`, { field });
}

/** Refuses a number the validator let through as Infinity: a 400 naming the field, not a failed query. */
async function finiteGuard(request: FastifyRequest) {
  const field = firstIn(request, findNonFinite);
  if (field) throw new AppError('VALIDATION_FAILED', `${field} must be a finite number`, { field });
}

const INPUTS = ['params', 'querystring', 'body', 'headers'] as const;

/** Whether any input schema declares a number or an integer (the only values coercion can make infinite). */
const takesNumbers = (schema: unknown) => /"type":\s*(\[[^\]]*)?"(number|integer)"/.test(JSON.stringify(schema));

/** The route's input schemas with every integer bounded to what the database stores (see integer-bounds.ts). */
function withBoundedIntegers(route: RouteOptions): void {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema) return;
  const bounded = { ...schema };
  for (const input of INPUTS) if (schema[input] !== undefined) bounded[input] = boundIntegers(schema[input]);
  route.schema = bounded;
}

/**
 * Checks of every request's input that no route should have to repeat: JSON bodies nested no deeper
 * than real input (before parsing recurses over them), integers within what the database stores,
 * no NUL characters, no infinite numbers. Each answers a 400 in the one error shape.
 */
export function installInputGuard(app: FastifyInstance): void {
  installJsonDepthLimit(app);
  // Only routes that take input get the checks.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
    if (!schema?.params && !schema?.querystring && !schema?.body) return;
    withBoundedIntegers(route);
    route.preValidation = [nulGuard, ...[route.preValidation ?? []].flat()];
    // After validation, where coercion turns text into numbers; only routes whose input has numbers walk it twice.
    if (takesNumbers(schema)) route.preHandler = [finiteGuard, ...[route.preHandler ?? []].flat()];
  });
}
