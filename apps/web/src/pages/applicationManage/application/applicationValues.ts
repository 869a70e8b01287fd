import { ApplicationInput, type Application, type ApplicationType, type ApplicationUpdate, type OpenType } from '@portal/contracts';
import { toInput } from '../../../components/admin/formValues.ts';
import type { ObjectSchema } from '../../../components/admin/schemaRules.ts';

/**
 * ApplicationInput as schemaRules reads it: rules for its text fields (lengths, patterns) and the
 * required ones; its enum and list fields are kept valid by their widgets.
 */
export const INPUT_SCHEMA = ApplicationInput as unknown as ObjectSchema;

/** The form's fields: ApplicationInput, with blanks the form may hold while editing. */
export interface ApplicationValues {
  instant: string;
  name: string;
  type: ApplicationType;
  pathname?: string | null;
  appUrl?: string | null;
  openType?: OpenType;
  category?: string[];
  appCategory?: string | null;
  redirect?: string | null;
  icon?: string | null;
  description?: string | null;
  sort?: number | null;
  /** Editing only: trusted, so its web client signs users in without the consent screen. */
  firstParty?: boolean;
}

/** Which launch fields each type uses (spec §4): a route, an address, and for third-party pages the tab. */
export const TYPE_FIELDS: Record<ApplicationType, { pathname: boolean; appUrl: boolean; openType: boolean }> = {
  Web: { pathname: true, appUrl: false, openType: false },
  path: { pathname: true, appUrl: false, openType: false },
  MicroWeb: { pathname: false, appUrl: true, openType: false },
  WebThird: { pathname: false, appUrl: true, openType: true },
  WebStudio: { pathname: false, appUrl: false, openType: false },
};

const NULLABLE = ['pathname', 'appUrl', 'appCategory', 'redirect', 'icon', 'description'] as const;

/**
 * The request body for the values: text trimmed, blanks as null, and the launch fields the type does
 * not use cleared, so switching an application's type leaves no stale address or route behind.
 */
export function toApplicationInput(values: ApplicationValues): ApplicationUpdate {
  const uses = TYPE_FIELDS[values.type];
  const { sort, firstParty, ...rest } = toInput(values, { nullable: NULLABLE });
  return {
    ...rest,
    pathname: uses.pathname ? (rest.pathname ?? null) : null,
    appUrl: uses.appUrl ? (rest.appUrl ?? null) : null,
    openType: uses.openType ? (rest.openType ?? 'Current') : 'Current',
    category: rest.category ?? [],
    ...(typeof sort === 'number' ? { sort } : {}),
    ...(typeof firstParty === 'boolean' ? { firstParty } : {}),
  } as ApplicationUpdate;
}

/** The form's starting values: an application being edited, or a new Web application. */
export function toApplicationValues(application: Application | null): ApplicationValues {
  if (!application) return { instant: '', name: '', type: 'Web', openType: 'Current', category: [] };
  const { instant, name, type, pathname, appUrl, openType, category, appCategory, redirect, icon, description, sort, firstParty } =
    application;
  return { instant, name, type, pathname, appUrl, openType, category, appCategory, redirect, icon, description, sort, firstParty };
}
