import { isInternalApp, type Application, type NavmenuConfig } from '@portal/contracts';
import { appName } from '../i18n/localNames.ts';
import type { WorkbenchApp } from '../store/appStore.ts';

/**
 * The workbench's order and favourites (the 'Navmenu' user config, spec §3) applied to the
 * applications the user may open. Pure, so the shell, the workbench and first landing agree.
 */

/** The internal applications (systemManage, personalCenter, …): never a first landing by default. */
export const isSystemApp = (app: Pick<Application, 'instant'>): boolean => isInternalApp(app.instant);

/**
 * The user's order: the saved items that are still applications of the user (unknown ids dropped),
 * then the applications the config does not mention, in the server's order.
 */
export function orderApplications(apps: readonly Application[], config: NavmenuConfig | null | undefined): WorkbenchApp[] {
  const byId = new Map(apps.map((app) => [app.id, app]));
  const ordered: WorkbenchApp[] = [];
  for (const item of config?.menu ?? []) {
    const app = byId.get(item.id);
    if (!app) continue;
    byId.delete(item.id);
    ordered.push({ ...app, selected: item.selected });
  }
  for (const app of byId.values()) ordered.push({ ...app, selected: false });
  return ordered;
}

/** What is saved: every application in order with its favourite flag. */
export const toNavmenu = (apps: readonly WorkbenchApp[]): NavmenuConfig => ({
  menu: apps.map((app) => ({ id: app.id, selected: app.selected })),
});

/**
 * Moves `activeId` next to `overId`: after it when moving forward, before it when moving back
 * (as a sortable list shows it). The order of everything else is kept.
 */
export function moveApp(apps: readonly WorkbenchApp[], activeId: string, overId: string, forward: boolean): WorkbenchApp[] {
  const active = apps.find((app) => app.id === activeId);
  if (!active || activeId === overId || !apps.some((app) => app.id === overId)) return [...apps];
  const rest = apps.filter((app) => app.id !== activeId);
  const overIndex = rest.findIndex((app) => app.id === overId);
  rest.splice(forward ? overIndex + 1 : overIndex, 0, active);
  return rest;
}

export const toggleFavourite = (apps: readonly WorkbenchApp[], id: string): WorkbenchApp[] =>
  apps.map((app) => (app.id === id ? { ...app, selected: !app.selected } : app));

export const favourites = (apps: readonly WorkbenchApp[]): WorkbenchApp[] => apps.filter((app) => app.selected);

/** Whether the search text (any case) is in the application's name, instant or description. */
export function matchesSearch(app: Pick<Application, 'name' | 'instant' | 'description'>, text: string): boolean {
  const wanted = text.trim().toLocaleLowerCase();
  return (
    !wanted || [app.name, appName(app), app.instant, app.description ?? ''].some((field) => field.toLocaleLowerCase().includes(wanted))
  );
}

export interface AppGroup {
  /** null: the applications without a category. */
  category: string | null;
  apps: WorkbenchApp[];
}

/**
 * Tiles grouped by category, each group in the user's order. Groups keep the order in which their
 * category first appears in `reference` (the server's order), so reordering tiles never moves a
 * group; an application with several categories shows in each; uncategorised ones come last.
 */
export function groupByCategory(apps: readonly WorkbenchApp[], reference: readonly Application[]): AppGroup[] {
  const categories = [...new Set([...reference, ...apps].flatMap((app) => app.category))];
  const groups: AppGroup[] = categories.map((category) => ({ category, apps: apps.filter((app) => app.category.includes(category)) }));
  groups.push({ category: null, apps: apps.filter((app) => app.category.length === 0) });
  return groups.filter((group) => group.apps.length > 0);
}
