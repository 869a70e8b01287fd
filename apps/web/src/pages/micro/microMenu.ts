import { MICRO_MENU_FILE, type Application, type MicroLanguage, type MicroMenuEntry } from '@portal/contracts';
import { isResourceVisible } from '../../app/access/access.ts';

/**
 * Pure rules of the micro-app host: where menu.json lives, what a valid one looks like, which
 * entries a user sees and where an application lands.
 */

/** The module's absolute URL; a relative appUrl ("/apps/x/entry.js") is on the portal's origin. */
export const moduleUrl = (appUrl: string, origin: string): string => new URL(appUrl, origin).href;

/** menu.json beside the module: same directory, without the module's query or fragment. */
export const menuJsonUrl = (appUrl: string, origin: string): string => new URL(MICRO_MENU_FILE, moduleUrl(appUrl, origin)).href;

/** A fresh URL for a retry: browsers may remember a failed module import by its URL. */
export function retryUrl(url: string, attempt: number): string {
  if (attempt === 0) return url;
  const next = new URL(url);
  next.searchParams.set('retry', String(attempt));
  return next.href;
}

export class MicroMenuError extends Error {}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

function parseEntry(value: unknown, index: number): MicroMenuEntry {
  const fail = (why: string) => new MicroMenuError(`menu[${index}]: ${why}`);
  if (!isObject(value)) throw fail('not an object');
  const { name, title, icon } = value;
  if (typeof name !== 'string' || !NAME.test(name)) throw fail('name must be 1–64 letters, digits, _ or -');
  if (!isObject(title) || typeof title['en-US'] !== 'string' || !title['en-US']) throw fail('title needs an en-US text');
  if (!optionalString(title['zh-CN'])) throw fail('title zh-CN must be text');
  if (!optionalString(icon)) throw fail('icon must be text');
  const zh = title['zh-CN'] as string | undefined;
  return {
    name,
    title: { 'en-US': title['en-US'], ...(zh ? { 'zh-CN': zh } : {}) },
    ...(typeof icon === 'string' ? { icon } : {}),
  };
}

/** Checks a fetched menu.json (contracts' MicroMenu) and gives its entries; throws MicroMenuError. */
export function parseMicroMenu(json: unknown): MicroMenuEntry[] {
  if (!isObject(json) || !Array.isArray(json.menu)) throw new MicroMenuError('expected { "menu": [...] }');
  const entries = json.menu.map(parseEntry);
  const names = new Set<string>();
  for (const entry of entries) {
    if (names.has(entry.name)) throw new MicroMenuError(`menu: "${entry.name}" appears twice`);
    names.add(entry.name);
  }
  return entries;
}

/** Entry `x` of application `instant` is guarded by resource `instant:x`. */
export const entryResource = (instant: string, entry: Pick<MicroMenuEntry, 'name'>): string => `${instant}:${entry.name}`;

/** The entries the user's resources cover (or lead through), in menu.json order. */
export const visibleEntries = (instant: string, menu: readonly MicroMenuEntry[], resources: readonly string[]): MicroMenuEntry[] =>
  menu.filter((entry) => isResourceVisible(entryResource(instant, entry), resources));

/**
 * Where the application opens without a menu id (spec §4): its redirect ("/profile" or "profile")
 * when the user may see that entry, else the first entry they may see; null when they see none.
 */
export function landingEntry(app: Pick<Application, 'redirect'>, visible: readonly MicroMenuEntry[]): string | null {
  const redirect = app.redirect?.replace(/^\/+/, '').split('/')[0];
  if (redirect && visible.some((entry) => entry.name === redirect)) return redirect;
  return visible[0]?.name ?? null;
}

/** What /micro/{appId}/{menuId} shows for a menu id. */
export type EntryAccess = 'visible' | 'forbidden' | 'unknown';

export function entryAccess(menuId: string, menu: readonly MicroMenuEntry[], visible: readonly MicroMenuEntry[]): EntryAccess {
  if (visible.some((entry) => entry.name === menuId)) return 'visible';
  return menu.some((entry) => entry.name === menuId) ? 'forbidden' : 'unknown';
}

/** The shell's language as a micro app understands it. */
export const microLanguage = (language: string | undefined): MicroLanguage => (language?.startsWith('zh') ? 'zh-CN' : 'en-US');

export const entryTitle = (entry: MicroMenuEntry, language: MicroLanguage): string => entry.title[language] || entry.title['en-US'];
