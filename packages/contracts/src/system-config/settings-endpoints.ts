import { Type, type TSchema } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { pickProperties } from '../object-parts.ts';
import { Page, PageQuery } from '../paging.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';
import { SETTINGS_SCHEMAS, SettingsState, SettingsVersion, SystemIdParams, type SettingsSection } from './settings.ts';

const gated = { access: 'gated', tags: ['system settings'] } as const;

export const SettingsVersionParams = Type.Object({
  id: SystemIdParams.properties.id,
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
/** The history's pages: page and size as every list has them (no keyword or sort: it is in version order). */
export const SettingsVersionsQuery = pickProperties(PageQuery, ['page', 'size']);

/** The five calls of one section: read, replace, its history, one past version, restoring one. */
function sectionEndpoints<const S extends SettingsSection, V extends TSchema>(section: S, value: V) {
  const path = `${SYSTEM_CONFIG_PREFIX}/${section}/{id}` as const;
  const State = SettingsState(value);
  return {
    get: endpoint({
      ...gated,
      method: 'GET',
      path,
      summary: `The current ${section} settings and their version`,
      params: SystemIdParams,
      responses: { 200: State, ...errorResponses(403, 404) },
    }),
    replace: endpoint({
      ...gated,
      method: 'PUT',
      path,
      summary: `Replaces the ${section} settings (the whole section) as a new version, in force at once on every instance`,
      params: SystemIdParams,
      body: value,
      responses: { 200: State, ...errorResponses(400, 403, 404) },
    }),
    versions: endpoint({
      ...gated,
      method: 'GET',
      path: `${path}/versions`,
      summary: `The ${section} settings' versions, newest first`,
      params: SystemIdParams,
      query: SettingsVersionsQuery,
      responses: { 200: Page(SettingsVersion), ...errorResponses(403, 404) },
    }),
    version: endpoint({
      ...gated,
      method: 'GET',
      path: `${path}/versions/{version}`,
      summary: `One stored version of the ${section} settings`,
      params: SettingsVersionParams,
      responses: { 200: State, ...errorResponses(403, 404) },
    }),
    restore: endpoint({
      ...gated,
      method: 'POST',
      path: `${path}/versions/{version}/restore`,
      summary: `Makes a past version of the ${section} settings current again, as a new version`,
      params: SettingsVersionParams,
      responses: { 200: State, ...errorResponses(400, 403, 404) },
    }),
  };
}

export const baseSettingsEndpoints = sectionEndpoints('base', SETTINGS_SCHEMAS.base);
export const authSettingsEndpoints = sectionEndpoints('auth', SETTINGS_SCHEMAS.auth);
export const safeSettingsEndpoints = sectionEndpoints('safe', SETTINGS_SCHEMAS.safe);
/** Each section's calls, by section. */
export const SETTINGS_ENDPOINTS = { base: baseSettingsEndpoints, auth: authSettingsEndpoints, safe: safeSettingsEndpoints } as const;
