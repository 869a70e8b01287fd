import { iconEndpoints, type IconSchema } from '@portal/contracts';
import { endpointQuery } from '../../api/endpointQuery.ts';

/**
 * Root of every query about uploaded icons: the icon manager's lists and the schema menus draw
 * from. Invalidating it after an upload or deletion refreshes the menus' icons too.
 */
export const ICONS_KEY = ['systemConfig', 'icons'] as const;

/** The open icon schema (every uploaded icon's name and address), kept for a minute. */
export const iconSchemaQuery = () => ({ ...endpointQuery(ICONS_KEY, iconEndpoints.schema), staleTime: 60_000 });

/** An uploaded icon's address by its name (names are unique across classifications), if there is one. */
export function uploadedIconUrl(schema: IconSchema | undefined, name: string): string | undefined {
  for (const { icons } of schema?.classifications ?? []) {
    const found = icons.find((icon) => icon.name === name);
    if (found) return found.url;
  }
  return undefined;
}

/** Every uploaded icon's name, in classification order, for a picker. */
export const uploadedIconNames = (schema: IconSchema | undefined): { classification: string; names: string[] }[] =>
  (schema?.classifications ?? []).map(({ classification, icons }) => ({ classification, names: icons.map((icon) => icon.name) }));
