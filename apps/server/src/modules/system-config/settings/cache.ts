import { SETTINGS_SECTIONS, type OpenSystemConfig, type SettingsSection, type SettingsValues } from '@portal/contracts';
import { sha256Base64Url } from '../../../platform/crypto.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { EventBus } from '../../../platform/events.ts';
import { remembered } from '../../../platform/cached-until.ts';
import { COLOUR_SCHEMES_CHANGED_TOPIC, listedSchemes } from '../colour-schemes/service.ts';
import { IDENTITY_PROVIDERS_CHANGED_TOPIC } from '../identity-providers/providers.ts';
import { openConfigOf } from './open-config.ts';
import { currentState, SETTINGS_CHANGED_TOPIC, type SectionState } from './store.ts';

/** The public configuration, serialised once, with its entity tag. */
export interface OpenConfigAnswer {
  json: string;
  etag: string;
}

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};

/**
 * This instance's copy of the current settings: each section read once and kept (frozen: every
 * caller shares it) until a new version of it commits on any instance (SETTINGS_CHANGED_TOPIC,
 * carried between instances by the event bus), and the public configuration built from them and the
 * colour schemes (dropped when either changes).
 */
export function createSettingsCache(
  db: Db,
  events: EventBus,
  providerButtons: () => Promise<OpenSystemConfig['identityProviders']> = async () => [],
) {
  const sections = Object.fromEntries(
    SETTINGS_SECTIONS.map((section) => [section, remembered(() => currentState(db, section).then(deepFreeze))]),
  ) as { [S in SettingsSection]: ReturnType<typeof remembered<SectionState<S>>> };
  const open = remembered(async (): Promise<OpenConfigAnswer> => {
    const [base, auth, safe, schemes, providers] = await Promise.all([
      sections.base.get(),
      sections.auth.get(),
      sections.safe.get(),
      listedSchemes(db),
      providerButtons(),
    ]);
    const json = JSON.stringify(openConfigOf({ base: base.value, auth: auth.value, safe: safe.value }, schemes, providers));
    return { json, etag: `"${sha256Base64Url(json).slice(0, 27)}"` };
  });

  const unsubscribe = events.subscribe(SETTINGS_CHANGED_TOPIC, (payload) => {
    const changed = SETTINGS_SECTIONS.filter((section) => section === payload);
    // An unknown payload drops everything rather than risk keeping a stale section.
    for (const section of changed.length ? changed : SETTINGS_SECTIONS) sections[section].forget();
    open.forget();
  });
  const unsubscribeSchemes = events.subscribe(COLOUR_SCHEMES_CHANGED_TOPIC, open.forget);
  const unsubscribeProviders = events.subscribe(IDENTITY_PROVIDERS_CHANGED_TOPIC, open.forget);

  const state = <S extends SettingsSection>(section: S): Promise<SectionState<S>> =>
    (sections[section] as ReturnType<typeof remembered<SectionState<S>>>).get();
  const value =
    <S extends SettingsSection>(section: S) =>
    async (): Promise<SettingsValues[S]> =>
      (await state(section)).value;

  return {
    state,
    /** Each section's current value, typed: what every module reads its settings from. */
    values: { base: value('base'), auth: value('auth'), safe: value('safe') },
    openConfig: open.get,
    close: () => {
      unsubscribe();
      unsubscribeSchemes();
      unsubscribeProviders();
    },
  };
}

export type SettingsCache = ReturnType<typeof createSettingsCache>;
