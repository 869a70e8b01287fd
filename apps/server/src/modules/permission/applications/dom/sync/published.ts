import { MICRO_MENU_FILE, PublishedMenu, type PublishedPage } from '@portal/contracts';
import { Value } from 'typebox/value';
import { badRequest } from '../../../../../platform/errors.ts';
import type { Outbound } from '../../../../../platform/outbound/guard.ts';

/** A menu.json larger than this is refused, read no further: a tree of pages and points is a few kilobytes. */
const MAX_MENU_BYTES = 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

/** Checks a published tree in full; the first fault is a 400 naming its field ('menu/2/children/0/name'). */
export function checkPublished(value: unknown): PublishedPage[] {
  if (Value.Check(PublishedMenu, value)) return value.menu;
  const [first] = Value.Errors(PublishedMenu, value);
  const field = first?.instancePath.replace(/^\//, '') || 'menu';
  throw badRequest(`${field}: ${first?.message ?? 'not a menu tree'}`, { field });
}

/** The menu.json a MicroWeb application serves beside its module (the appUrl), as the web's host reads it. */
export const menuJsonUrl = (appUrl: string): URL => new URL(MICRO_MENU_FILE, appUrl);

/**
 * Fetches and checks the application's menu.json through the outbound guard (an appUrl at an
 * internal address only with OUTBOUND_ALLOW, no redirect followed); an unreachable, oversized or
 * malformed one is an Error, which says nothing of what the address answered but its status.
 */
export async function fetchPublished(outbound: Outbound, appUrl: string): Promise<PublishedPage[]> {
  const url = menuJsonUrl(appUrl);
  const answer = await outbound.request(url, {
    what: `application's menu.json (${url.href})`,
    headers: { accept: 'application/json' },
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_MENU_BYTES,
  });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${url.href} answered ${answer.status}`);
  if (!answer.complete) throw new Error(`${url.href} is larger than ${MAX_MENU_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new Error(`${url.href} is not JSON`);
  }
  return checkPublished(parsed);
}
