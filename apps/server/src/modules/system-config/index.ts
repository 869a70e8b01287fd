/** system-config's public face: its module definition and the api other modules may use. */
export { systemConfigModule } from './module.ts';
export type { SystemConfigApi } from './api.ts';
export type { RegistrationSettings } from './settings/registration.ts';
