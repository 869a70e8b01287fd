/** permission's public face: its module definition and the api other modules may use. */
export { permissionModule } from './module.ts';
export type { CallableApi, PermissionApi, PeopleApi } from './api.ts';
export type { UserDirectory, UserRow } from './users/directory.ts';
/** Published after a commit that changed a user's row (payload: the user id): caches of users subscribe. */
export { USER_CHANGED_TOPIC } from './users/directory.ts';
export type { NamedTarget, RecipientIds } from './recipients/reached.ts';
export { NO_RECIPIENTS } from './recipients/reached.ts';
export type { ExternalIdentity, ExternalIdentitiesApi, ProfileClaims } from './users/external-identities/api.ts';
