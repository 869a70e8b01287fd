import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Path of the first string holding a NUL character, which PostgreSQL text cannot store. */
export function findNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${path}.${key}`;
      const found = findNul(inner, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** Refuses input the database could not store, before any route sees it: a 400 naming the field. */
export function installInputGuard(app: FastifyInstance): void {
  const guard = async (request: FastifyRequest) => {
    const field = findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
    if (field) throw new AppError('VALIDATION_FAILED', `${field} must not contain NUL characters`, { field });
  };
  // Only routes that take input get the check.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
    if (schema?.params || schema?.querystring || schema?.body) route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
  });
}
