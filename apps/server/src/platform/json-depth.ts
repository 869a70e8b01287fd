import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The deepest nesting of arrays and objects a JSON body may have. Real input nests a few levels (a
 * menu tree node and its children take two per level); anything deeper is an attack on the code
 * that walks the parsed value once per level (validation, the NUL guard), which would run out of
 * stack and answer 500.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, counted in one pass over the text
 * without parsing it (brackets inside strings do not count). Invalid JSON is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // Each level takes at least one opening character: shorter text cannot go deeper.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Replaces the JSON body parser with the framework's own behind a nesting check, so a body nested
 * thousands of levels deep is a 400 before anything recurses over it. Installed on the root
 * instance before any service registers, so every route's scope inherits it.
 */
export function installJsonDepthLimit(app: FastifyInstance): void {
  // The framework's defaults: a `__proto__` or `constructor.prototype` key is refused, not parsed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(
        new AppError('BAD_REQUEST', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`, {
          field: 'body',
          maxDepth: MAX_JSON_DEPTH,
        }),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
}
