import { isInternalApp, MENU_CATALOGUE, walkCatalogue, type Application } from '@portal/contracts';
import i18n from 'i18next';

/**
 * Names the server stores in English (the menu catalogue's titles, the internal applications and
 * their category) shown in the user's language. Only a name still as seeded is translated: one an
 * administrator has changed is shown as they wrote it.
 */
const SEEDED_TITLES = new Map<string, string>([...walkCatalogue(MENU_CATALOGUE)].map(({ node, resource }) => [resource, node.title]));
SEEDED_TITLES.set('msgCenter', 'Message centre');
const SEEDED_CATEGORY = 'System';

const keyOf = (resource: string) => `menuTitles.${resource.replaceAll(':', '/')}`;

/** A menu node's title, by its resource string. */
export const menuTitle = (resource: string, title: string): string =>
  SEEDED_TITLES.get(resource) === title ? i18n.t(keyOf(resource), { defaultValue: title }) : title;

/** An application's name (the internal ones are named after their console section). */
export const appName = (app: Pick<Application, 'instant' | 'name'>): string =>
  isInternalApp(app.instant) ? menuTitle(app.instant, app.name) : app.name;

/** A workbench category. */
export const categoryName = (category: string): string =>
  category === SEEDED_CATEGORY ? i18n.t('shell.systemCategory', { defaultValue: category }) : category;
