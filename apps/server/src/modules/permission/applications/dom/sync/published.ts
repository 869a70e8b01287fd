import { MICRO_MENU_FILE, PublishedMenu, type PublishedPage } from '@portal/contracts';
import { Value } from 'typebox/value';
import { badRequest } from '../../../../../platform/errors.ts';
import { responseText } from '../../../../../platform/response-text.ts';

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

/** Fetches and checks the application's menu.json; an unreachable, oversized or malformed one is an Error. */
export async function fetchPublished(appUrl: string): Promise<PublishedPage[]> {
  const url = menuJsonUrl(appUrl);
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  const { text, complete } = await responseText(response, MAX_MENU_BYTES);
  if (!complete) throw new Error(`${url.href} is larger than ${MAX_MENU_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${url.href} is not JSON`);
  }
  return checkPublished(parsed);
}
