/** reception-center's public face: its module definition and the api other modules may use. */
export { receptionCenterModule } from './module.ts';
export type { ReceptionCenterApi, SignInSessionsApi } from './api.ts';
export { createSecretBox, type SecretBox } from './tokens/secret-box.ts';
export type { RevokedSessions } from './sessions/revoke-user-sessions.ts';
/** Registers or updates an OAuth client (the operator's `npm run oauth-client`, tests); every instance hears of it after the commit. */
export { saveClient } from './oauth/clients.ts';
export type { ApplicationClientFields, ApplicationClientView, IssuedSecret } from './oauth/application-clients.ts';
