import {
  PORTAL_SYSTEM_ID,
  SETTINGS_ENDPOINTS,
  type PageOf,
  type SettingsSection,
  type SettingsStateOf,
  type SettingsValues,
  type SettingsVersion,
} from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callWith } from '../../api/call.ts';

/** Every settings query starts with this key, each section's with its own after it. */
export const SETTINGS_KEY = ['system-config', 'settings'] as const;
export const sectionKey = (section: SettingsSection) => [...SETTINGS_KEY, section] as const;

/** A section's current value and version. */
export type SectionState<S extends SettingsSection> = SettingsStateOf<SettingsValues[S]>;

const system = { id: PORTAL_SYSTEM_ID };
// The sections' endpoints differ only in their value's schema: one typed door for all three.
const endpointsOf = (section: SettingsSection) => SETTINGS_ENDPOINTS[section] as (typeof SETTINGS_ENDPOINTS)['base'];

export const settingsApi = {
  get: <S extends SettingsSection>(section: S, signal?: AbortSignal) =>
    callWith(endpointsOf(section).get, { params: system }, { signal }) as Promise<SectionState<S>>,
  replace: <S extends SettingsSection>(section: S, value: SettingsValues[S]) =>
    callWith(endpointsOf(section).replace, { params: system, body: value as SettingsValues['base'] }) as Promise<SectionState<S>>,
  versions: (section: SettingsSection, page: number, size: number, signal?: AbortSignal): Promise<PageOf<SettingsVersion>> =>
    callWith(endpointsOf(section).versions, { params: system, query: { page, size } }, { signal }),
  version: <S extends SettingsSection>(section: S, version: number, signal?: AbortSignal) =>
    callWith(endpointsOf(section).version, { params: { ...system, version } }, { signal }) as Promise<SectionState<S>>,
  restore: <S extends SettingsSection>(section: S, version: number) =>
    callWith(endpointsOf(section).restore, { params: { ...system, version } }) as Promise<SectionState<S>>,
};

/** The current value of a section. */
export const sectionQuery = <S extends SettingsSection>(section: S) =>
  queryOptions({ queryKey: sectionKey(section), queryFn: ({ signal }) => settingsApi.get(section, signal) });

/** One past version of a section (never changes once written). */
export const versionQuery = <S extends SettingsSection>(section: S, version: number) =>
  queryOptions({
    queryKey: [...sectionKey(section), 'version', version],
    queryFn: ({ signal }) => settingsApi.version(section, version, signal),
    staleTime: Infinity,
  });
