import type { Liquid } from 'liquidjs';

/**
 * Liquid's own `raw` exempts an output from the engine's escape (`outputEscape`): in an HTML mail
 * it would put a value given at send time in as markup, in an SMS gateway's form or JSON body it
 * would let the message text change the request. This makes `raw` a filter that changes nothing,
 * so every output of the engine is escaped, whatever it is made of; the template's own text (its
 * HTML, its JSON) is as written.
 */
export function escapeEvenRaw(liquid: Liquid): Liquid {
  liquid.registerFilter('raw', (value: unknown) => value);
  return liquid;
}
