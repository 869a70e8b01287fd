/** system-config's public face: its module definition, the api other modules may use, and the events it publishes. */
export { systemConfigModule } from './module.ts';
export type { SystemConfigApi } from './api.ts';
export type { RegistrationSettings } from './settings/registration.ts';
export type { ProviderForSignIn } from './identity-providers/providers.ts';
/** Published after a commit that changed the identity providers or the linking options. */
export { IDENTITY_PROVIDERS_CHANGED_TOPIC } from './identity-providers/providers.ts';
/** Published after a commit that changed the colour schemes (the public configuration aggregate follows it). */
export { COLOUR_SCHEMES_CHANGED_TOPIC } from './colour-schemes/service.ts';
/** Published after a commit that changed the icons (the icon schema follows it). */
export { ICONS_CHANGED_TOPIC } from './icons/rows.ts';
export { BASE_MAPS_CHANGED_TOPIC } from './base-maps/service.ts';
export { DICTIONARIES_CHANGED_TOPIC } from './dictionaries/service.ts';
